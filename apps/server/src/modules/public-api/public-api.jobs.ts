import { IDEMPOTENCY_WINDOW_MS } from '@wac/contract/api-keys';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import { deleteIdempotencyKeysBefore } from './idempotency.repository.ts';

const SWEEP_EVERY_MS = 60 * 60_000;

/** Hourly: Idempotency-Key answers past their 24 hours go (a claim already treats them as new meanwhile). */
export function idempotencySweepJob(deps: { db: Db; log: FastifyBaseLogger }): ScheduledJobKind {
  return {
    name: 'public-api.idempotency-sweep',
    title: 'Forget Idempotency-Key answers older than 24 hours',
    payload: noPayload,
    everyMs: SWEEP_EVERY_MS,
    handler: async () => {
      const removed = await deleteIdempotencyKeysBefore(deps.db, new Date(Date.now() - IDEMPOTENCY_WINDOW_MS));
      if (removed > 0) deps.log.info({ removed }, 'old Idempotency-Key answers removed');
    },
  };
}
