import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createCampaignDeps } from './campaign-deps.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { createCampaignsService } from './campaigns.service.ts';

/** Bulk template campaigns: drafts, audiences, scheduling and actions. */
export const campaignsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(campaignsRoutes, { service: createCampaignsService(createCampaignDeps(ctx)), uploads: ctx.media.uploads });
};
