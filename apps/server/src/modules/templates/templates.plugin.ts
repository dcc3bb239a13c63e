import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createTemplateAnalyticsService } from '../messaging/index.ts';
import { createIdempotency } from '../public-api/index.ts';
import { templateAnalyticsRoutes } from './template-analytics.routes.ts';
import { applyTemplateUpdates } from './template-status.ts';
import { templateSyncJob } from './templates.jobs.ts';
import { sendTemplateRoutes, templatesRoutes } from './templates.routes.ts';

/** Message templates: management, sending, analytics, and the periodic sync with Meta (off when its interval is 0). */
export const templatesPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.templates;
  const { extensions } = ctx.messaging.deps;

  // Messaging retries failed template messages through templates; Meta's template reviews come in its webhook batches.
  extensions.resenders.set('template', service.resend);
  ctx.messaging.deps.events.subscribe({
    subscriber: 'templates',
    types: ['webhook.received'],
    phase: 'in-transaction',
    handle: (tx, events) =>
      applyTemplateUpdates(
        tx,
        events.flatMap((event) => event.changes),
      ),
  });

  await app.register(templatesRoutes, { service, uploads: ctx.media.uploads });
  await app.register(sendTemplateRoutes, { service, idempotency: createIdempotency(ctx.database.db) });
  await app.register(templateAnalyticsRoutes, { analytics: createTemplateAnalyticsService(ctx.database.db, ctx.appTimezone, extensions) });

  const interval = ctx.config.templateSyncIntervalMs;
  if (interval > 0) ctx.jobs.schedule(templateSyncJob(service, interval));
};
