import { OUTBOUND_RETRY_WINDOW_MS } from '@wac/contract/outbound-webhooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { ActivityService } from '../activities/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { createDeliveryWorker } from './outbound-deliveries.worker.ts';
import { createSubscribedEvents, enqueueCampaignsFinished, messagingEventTypes, outboundEventHandler } from './outbound-events.ts';
import { outboundDeliveryCleanupJob, outboundDeliveryLoop } from './outbound-webhooks.jobs.ts';
import { outboundWebhooksRoutes } from './outbound-webhooks.routes.ts';
import { createOutboundWebhooksService } from './outbound-webhooks.service.ts';

export interface OutboundWebhooksDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'dataDir' | 'outboundWebhooks'>;
  realtime: Realtime;
  jobs: JobRunner;
  activities: ActivityService;
  settings: Pick<SettingsService, 'webhookAllowedHosts'>;
  /** Messaging's events and campaign.finished, whose deliveries are written in the events' own transactions. */
  events: DomainEvents;
}

/**
 * Outbound webhooks: admins' subscriptions, the deliveries messaging's events (and campaigns finishing) write in their
 * own transactions, and the loop that signs and POSTs them.
 */
export async function registerOutboundWebhooks(app: FastifyInstance, deps: OutboundWebhooksDeps): Promise<void> {
  const { db, log } = deps;
  // The key lives in DATA_DIR, so this box opens what any other server process sealed.
  const secrets = createSecretBox(deps.config.dataDir);
  const destination = { allowedHosts: () => deps.settings.webhookAllowedHosts() };
  const worker = createDeliveryWorker({
    db,
    log,
    secrets,
    destination,
    realtime: deps.realtime,
    retry: { delaysMs: deps.config.outboundWebhooks.retryDelaysMs, windowMs: OUTBOUND_RETRY_WINDOW_MS },
  });
  const subscribed = createSubscribedEvents(db);
  const inTransaction = { subscriber: 'outbound-webhooks', phase: 'in-transaction' } as const;
  deps.events.subscribe({ ...inTransaction, types: messagingEventTypes, handle: outboundEventHandler(subscribed, worker.kick) });
  deps.events.subscribe({ ...inTransaction, types: ['campaign.finished'], handle: enqueueCampaignsFinished });
  deps.jobs.claimLoop(outboundDeliveryLoop(db, worker));
  deps.jobs.schedule(outboundDeliveryCleanupJob(db, log));

  const service = createOutboundWebhooksService({ db, activities: deps.activities, secrets, destination, worker, subscribed });
  await app.register(outboundWebhooksRoutes, { service });
}
