import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createMessagingDeps } from '../messaging/messaging-deps.ts';
import { createTemplateAnalyticsService } from '../messaging/template-analytics.service.ts';
import { templateAnalyticsRoutes } from './template-analytics.routes.ts';
import type { TemplateDeps } from './template-deps.ts';
import { templateSyncJob } from './templates.jobs.ts';
import { templatesRoutes } from './templates.routes.ts';
import { createTemplatesService } from './templates.service.ts';

/** Message templates: management, sending, analytics, and the periodic sync with Meta (off when its interval is 0). */
export const templatesPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const deps: TemplateDeps = { ...createMessagingDeps(ctx), timezone: ctx.appTimezone };

  await app.register(templatesRoutes, { deps, service: createTemplatesService(deps) });
  await app.register(templateAnalyticsRoutes, { analytics: createTemplateAnalyticsService(ctx.database.db, ctx.appTimezone) });

  const interval = ctx.config.templateSyncIntervalMs;
  if (interval > 0) ctx.jobs.schedule(templateSyncJob(deps, interval));
};
