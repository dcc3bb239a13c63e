import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { conversationReportsRoutes } from './conversation-reports.routes.ts';
import { createConversationReportsService } from './conversation-reports.service.ts';

/** Reports over conversations, by day in the app's timezone. */
export const reportsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(conversationReportsRoutes, { reports: createConversationReportsService(ctx.database.db, ctx.appTimezone) });
};
