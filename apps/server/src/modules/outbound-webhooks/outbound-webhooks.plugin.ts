import { OUTBOUND_RETRY_WINDOW_MS } from '@wac/contract/outbound-webhooks';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createDeliveryWorker } from './outbound-deliveries.worker.ts';
import { createSubscribedEvents, enqueueCampaignsFinished, messagingEventTypes, outboundEventHandler } from './outbound-events.ts';
import { outboundDeliveryCleanupJob, outboundDeliveryLoop } from './outbound-webhooks.jobs.ts';
import { outboundWebhooksRoutes } from './outbound-webhooks.routes.ts';
import { createOutboundWebhooksService } from './outbound-webhooks.service.ts';

/**
 * Outbound webhooks: admins' subscriptions, the deliveries messaging's events (and campaigns finishing) write in their
 * own transactions, and the loop that signs and POSTs them.
 */
export const outboundWebhooksPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  // The key lives in DATA_DIR, so this box opens what any other server process sealed.
  const secrets = createSecretBox(ctx.config.dataDir);
  const destination = { allowedHosts: () => ctx.settings.webhookAllowedHosts() };
  const worker = createDeliveryWorker({
    db,
    log: ctx.log,
    secrets,
    destination,
    realtime: ctx.realtime,
    retry: { delaysMs: ctx.config.outboundWebhooks.retryDelaysMs, windowMs: OUTBOUND_RETRY_WINDOW_MS },
  });
  const subscribed = createSubscribedEvents(db);
  const { events } = ctx.messaging.deps;
  const inTransaction = { subscriber: 'outbound-webhooks', phase: 'in-transaction' } as const;
  events.subscribe({ ...inTransaction, types: messagingEventTypes, handle: outboundEventHandler(subscribed, worker.kick) });
  events.subscribe({ ...inTransaction, types: ['campaign.finished'], handle: enqueueCampaignsFinished });
  ctx.jobs.claimLoop(outboundDeliveryLoop(db, worker));
  ctx.jobs.schedule(outboundDeliveryCleanupJob(db, ctx.log));

  const service = createOutboundWebhooksService({ db, activities: ctx.activities, secrets, destination, worker, subscribed });
  await app.register(outboundWebhooksRoutes, { service });
};
