import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { agentSessionsRoutes } from './agent-sessions.routes.ts';

/** Who holds a conversation: the bot or an agent, takeovers, and handing it back. */
export const agentSessionsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(agentSessionsRoutes, { messaging: ctx.messaging.service });
};
