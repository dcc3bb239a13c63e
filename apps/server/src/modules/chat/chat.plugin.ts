import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { chatRoutes } from './chat.routes.ts';

/** Agents' side of a conversation: the inbox, sending and retrying. */
export const chatPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(chatRoutes, { messaging: ctx.messaging.service, storage: ctx.media.storage });
};
