import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { ClaimLoopKind, JobRunner } from '../../jobs/job-runner.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import { dirtyBucketCount, type RollupPace, rollupSettings, runRollups } from './rollups/run-rollups.ts';

/** How often every server looks for marked buckets; one of them at a time recomputes them. */
const ROLLUP_INTERVAL_MS = 2_000;

export interface AnalyticsJobsDeps {
  db: Db;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  appTimezone: (tx?: DbOrTx) => Promise<string>;
}

/** The analytics rollups kept up to date from the buckets writers marked, and rebuilt when their settings change. */
export function rollupLoop({ db, log, appTimezone }: Omit<AnalyticsJobsDeps, 'jobs'>): ClaimLoopKind {
  // Kept from pass to pass: what each bucket recomputed lately took, so one still filling gets at most BUSY_SHARE of the time.
  const pace: RollupPace = new Map();
  const loop = createKickableLoop({
    run: async (stopping) => runRollups(db, await rollupSettings(db, await appTimezone()), stopping, pace),
    intervalMs: ROLLUP_INTERVAL_MS,
    onError: (err) => log.error({ err }, 'the analytics rollups could not be brought up to date'),
  });
  return {
    name: 'analytics.rollups',
    title: 'Bring analytics figures up to date',
    loop,
    queue: async () => ({ queued: await dirtyBucketCount(db), failed: 0, failures: [] }),
    // A failed pass leaves its buckets marked: the next pass takes them again, so nothing waits for a retry.
    retry: async () => false,
  };
}

export function registerAnalyticsJobs({ jobs, ...deps }: AnalyticsJobsDeps): void {
  jobs.claimLoop(rollupLoop(deps));
}
