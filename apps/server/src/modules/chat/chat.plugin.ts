import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { staleSendSweepJob } from './chat.jobs.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatDeps } from './chat-deps.ts';

/** Agents' side of a conversation: the inbox, sending and retrying, and the sweep of sends Meta never answered. */
export const chatPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(chatRoutes, { deps: createChatDeps(ctx) });
  ctx.jobs.schedule(staleSendSweepJob({ db: ctx.database.db, log: ctx.log, broadcast: (emits) => ctx.realtime.toEveryoneAll(emits) }));
};
