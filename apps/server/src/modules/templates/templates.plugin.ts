import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { ChatDeps } from '../chat/outbound.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { templateAnalyticsRoutes } from './template-analytics.routes.ts';
import { createTemplateAnalyticsService } from './template-analytics.service.ts';
import type { TemplateDeps } from './template-deps.ts';
import { templateSyncJob } from './templates.jobs.ts';
import { templatesRoutes } from './templates.routes.ts';
import { createTemplatesService } from './templates.service.ts';

/** Message templates: management, sending, analytics, and the periodic sync with Meta (off when its interval is 0). */
export const templatesPlugin: FastifyPluginAsync<{ ctx: AppContext; chatDeps: ChatDeps }> = async (app, { ctx, chatDeps }) => {
  const settings = createSettingsService(ctx, createSettingsRepository(ctx.database.db));
  const timezone = async () => (await settings.appSettings())['app.timezone'];
  const deps: TemplateDeps = { ...chatDeps, timezone };

  await app.register(templatesRoutes, { deps, service: createTemplatesService(deps) });
  await app.register(templateAnalyticsRoutes, { analytics: createTemplateAnalyticsService(ctx.database.db, timezone) });

  const interval = ctx.config.templateSyncIntervalMs;
  if (interval > 0) ctx.jobs.schedule(templateSyncJob(deps, interval));
};
