import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createConversationReportsService } from '../messaging/conversation-reports.service.ts';
import { conversationReportsRoutes } from './conversation-reports.routes.ts';

/** Reports over conversations, by day in the app's timezone. */
export const reportsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(conversationReportsRoutes, { reports: createConversationReportsService(ctx.database, ctx.appTimezone) });
};
