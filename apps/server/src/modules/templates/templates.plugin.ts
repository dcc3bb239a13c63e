import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { type CampaignsOfSends, createTemplateAnalyticsService } from '../messaging/index.ts';
import { createIdempotency } from '../public-api/index.ts';
import { templateAnalyticsRoutes } from './template-analytics.routes.ts';
import { applyTemplateUpdates } from './template-status.ts';
import { templateSyncJob } from './templates.jobs.ts';
import { sendTemplateRoutes, templatesRoutes } from './templates.routes.ts';
import type { TemplatesService } from './templates.service.ts';

export interface TemplatesDeps {
  db: Db;
  config: Pick<Config, 'templateSyncIntervalMs'>;
  jobs: JobRunner;
  templates: TemplatesService;
  /** Which campaign sent a template message, named by the analytics (campaigns answer it). */
  campaignsOfSends: CampaignsOfSends;
  /** Meta's template reviews come in messaging's webhook batches. */
  events: DomainEvents;
  /** DATA_DIR/uploads: header files kept to send. */
  uploads: MediaStorage;
  /** app.timezone: the analytics' days. */
  appTimezone: () => Promise<string>;
}

/** Message templates: management, sending, analytics, and the periodic sync with Meta (off when its interval is 0). */
export async function registerTemplates(app: FastifyInstance, deps: TemplatesDeps): Promise<void> {
  const service = deps.templates;

  // Meta's template reviews come in messaging's webhook batches.
  deps.events.subscribe({
    subscriber: 'templates',
    types: ['webhook.received'],
    phase: 'in-transaction',
    handle: (tx, events) =>
      applyTemplateUpdates(
        tx,
        events.flatMap((event) => event.changes),
      ),
  });

  await app.register(templatesRoutes, { service, uploads: deps.uploads });
  await app.register(sendTemplateRoutes, { service, idempotency: createIdempotency(deps.db) });
  await app.register(templateAnalyticsRoutes, {
    analytics: createTemplateAnalyticsService({ db: deps.db, timezone: deps.appTimezone, campaignsOfSends: deps.campaignsOfSends }),
  });

  const interval = deps.config.templateSyncIntervalMs;
  if (interval > 0) deps.jobs.schedule(templateSyncJob(service, interval));
}
