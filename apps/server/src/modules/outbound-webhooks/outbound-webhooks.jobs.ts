import { OUTBOUND_DELIVERY_RETENTION_DAYS } from '@wac/contract/outbound-webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { deleteOlderInBatches } from '../../jobs/batched-delete.ts';
import { type ClaimLoopKind, noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import type { DeliveryWorker } from './outbound-deliveries.worker.ts';
import { deleteFinishedBefore, deliveryQueue, requeueFailed } from './outbound-webhooks.repository.ts';

/** Signed POSTs of events to the URLs admins subscribed (outbound-deliveries.worker.ts). */
export function outboundDeliveryLoop(db: Db, worker: DeliveryWorker): ClaimLoopKind {
  return {
    name: 'outbound-webhooks.deliveries',
    title: 'Deliver outbound webhooks',
    loop: worker,
    queue: () => deliveryQueue(db),
    retry: async (id) => (await requeueFailed(db, id)) !== null,
  };
}

/** Every hour: deliveries delivered or given up more than OUTBOUND_DELIVERY_RETENTION_DAYS ago are deleted. */
export function outboundDeliveryCleanupJob(db: Db, log: FastifyBaseLogger): ScheduledJobKind {
  return {
    name: 'outbound-webhooks.cleanup',
    title: 'Delete old outbound webhook deliveries',
    payload: noPayload,
    everyMs: 60 * 60_000,
    handler: async () => {
      const before = new Date(Date.now() - OUTBOUND_DELIVERY_RETENTION_DAYS * 86_400_000);
      const removed = await deleteOlderInBatches((older, limit) => deleteFinishedBefore(db, older, limit), before);
      if (removed > 0) log.info({ removed }, 'old outbound webhook deliveries deleted');
    },
  };
}
