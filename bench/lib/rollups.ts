import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../../apps/server/src/db/database.ts';
import type { RollupSettings } from '../../apps/server/src/modules/analytics/rollups/recompute-buckets.ts';
import { rebuildProgress, rebuildRollups } from '../../apps/server/src/modules/analytics/rollups/run-rollups.ts';

const PROGRESS_EVERY_MS = 15_000;
const REBUILD_TIMEOUT_MS = 6 * 3_600_000;

/**
 * Rebuilds every analytics rollup from the source rows with the engine's rebuildRollups, carried out by the running
 * server's rollup job, and waits until it has finished and no bucket is left marked. The settings are those the job
 * built with on its first start, so it does not start over. Reports progress every 15 s; answers the seconds it took
 * and the buckets it recomputed.
 */
export async function rebuildRollupsAndWait(
  databaseUrl: string,
  progress: (line: string) => void,
): Promise<{ seconds: number; buckets: number }> {
  const { db, close } = connectDatabase(databaseUrl);
  try {
    let settings: RollupSettings | undefined;
    while (!settings) {
      const { rows } = await db.execute<{ value: RollupSettings }>(sql`SELECT value FROM analytics_state WHERE key = 'built'`);
      settings = rows[0]?.value;
      if (!settings) await sleep(200);
    }
    const t0 = performance.now();
    await rebuildRollups(db, settings);
    let reported = t0;
    for (;;) {
      const state = await rebuildProgress(db);
      const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_dirty_buckets`);
      const seconds = (performance.now() - t0) / 1000;
      if (state?.finishedAt && rows[0]?.n === 0) return { seconds, buckets: state.buckets };
      if (performance.now() - t0 > REBUILD_TIMEOUT_MS) throw new Error(`the rebuild did not finish within ${REBUILD_TIMEOUT_MS / 1000} s`);
      if (performance.now() - reported >= PROGRESS_EVERY_MS) {
        reported = performance.now();
        progress(
          `  rebuilding: ${state?.buckets ?? 0} buckets done, at ${state?.cursor ?? '-'} of ${state?.until ?? '-'} (${seconds.toFixed(0)} s)`,
        );
      }
      await sleep(250);
    }
  } finally {
    await close();
  }
}
