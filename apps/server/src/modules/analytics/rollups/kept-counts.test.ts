import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../../../../test/test-database.ts';
import type { Database } from '../../../db/database.ts';
import { seedScenario } from '../test/figures-scenario.ts';
import { rollupSnapshot } from '../test/rollup-seed.ts';
import { deleteKeepingCounts } from './kept-counts.ts';
import type { RollupSettings } from './recompute-buckets.ts';
import { rebuildRollups, runRollups } from './run-rollups.ts';

const settings: RollupSettings = { timezone: 'America/New_York', businessDays: null };

/** The figures the dashboards read: counters and their local sums. */
async function figures(pool: Parameters<typeof rollupSnapshot>[0]) {
  const { counts, local } = await rollupSnapshot(pool);
  return { counts, local };
}

/** Deletes the messages `where` picks through deleteKeepingCounts; answers them with their buckets. */
async function deleteMessages(database: Database, where: string) {
  const doomed = (
    await database.pool.query<{ id: number; conversation_id: number; timestamp: Date; bucket: Date }>(
      `SELECT id, conversation_id, timestamp, date_bin('15 minutes', timestamp, timestamptz 'epoch') AS bucket FROM messages WHERE ${where}`,
    )
  ).rows;
  const since = new Map<number, Date>();
  for (const row of doomed) {
    const earliest = since.get(row.conversation_id);
    if (!earliest || row.timestamp < earliest) since.set(row.conversation_id, row.timestamp);
  }
  await database.db.transaction((tx) =>
    deleteKeepingCounts(tx, settings, { ids: [...since.keys()], since: [...since.values()] }, async () => {
      await tx.execute(sql`DELETE FROM messages WHERE id = ANY(${sql.param(doomed.map((row) => row.id))}::int[])`);
    }),
  );
  return doomed;
}

describe('deleting source rows keeps what the rollups counted', () => {
  it('keeps every counter and local sum through the deletion, later recomputes of the same buckets and a rebuild', async () => {
    const database = await createFreshDatabase();
    try {
      const { pool } = database;
      await seedScenario(pool, 30);
      await runRollups(database.db, settings);
      const before = await figures(pool);
      expect(before.counts.length).toBeGreaterThan(100);

      // Every third message: inbound openings, replies and template sends among them.
      const doomed = await deleteMessages(database, 'id % 3 = 0');
      expect(doomed.length).toBeGreaterThan(50);
      expect(await figures(pool)).toEqual(before);

      // The job takes marks of the same buckets (a late status of a message left there): still the same figures.
      const buckets = [...new Set(doomed.map((row) => row.bucket))];
      await pool.query(`INSERT INTO analytics_dirty_buckets (bucket) SELECT unnest($1::timestamptz[])`, [buckets]);
      await pool.query(`INSERT INTO analytics_dirty_buckets (bucket, statuses_only) SELECT unnest($1::timestamptz[]), true`, [buckets]);
      await runRollups(database.db, settings);
      expect(await figures(pool)).toEqual(before);

      // A second deletion over buckets the first already kept some of.
      await deleteMessages(database, 'id % 2 = 0');
      expect(await figures(pool)).toEqual(before);

      // A rebuild (as after a timezone change back and forth) recomputes from what is left and adds what was kept.
      await rebuildRollups(database.db, settings);
      await runRollups(database.db, settings);
      expect(await figures(pool)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 60_000);
});
