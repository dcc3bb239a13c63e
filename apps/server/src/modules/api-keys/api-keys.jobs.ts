import type { FastifyBaseLogger } from 'fastify';
import { deleteOlderInBatches } from '../../jobs/batched-delete.ts';
import { noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';

const EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** Deletes the usage log's calls older than `days` days; answers how many went. */
export function deleteOldCalls(repository: Pick<ApiKeysRepository, 'deleteCallsBefore'>, days: number): Promise<number> {
  return deleteOlderInBatches(repository.deleteCallsBefore, new Date(Date.now() - days * DAY_MS));
}

/** Every hour: API_LOG_RETENTION_DAYS keeps the usage log from growing without end. */
export function apiCallLogCleanupJob(deps: { repository: ApiKeysRepository; days: number; log: FastifyBaseLogger }): ScheduledJobKind {
  return {
    name: 'api-keys.log-cleanup',
    title: 'Delete API key calls older than the retention period',
    payload: noPayload,
    everyMs: EVERY_MS,
    handler: async () => {
      const removed = await deleteOldCalls(deps.repository, deps.days);
      if (removed > 0) deps.log.info({ removed, days: deps.days }, 'old API key calls deleted');
    },
  };
}
