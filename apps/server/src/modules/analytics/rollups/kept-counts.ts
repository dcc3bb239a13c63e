import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { localCountsTimezone, refreshLocalCounts } from './local-counts.ts';
import { type RollupSettings, recomputeBuckets } from './recompute-buckets.ts';
import { BUILT_KEY, frozenBefore, notFrozen, REBUILD_KEY, ROLLUP_LOCK_ID } from './run-rollups.ts';
import { bucketOf } from './source-rules.ts';

/*
 * The rollups are recomputed from the source rows, so deleting messages (a cleanup, an erasure) would take their
 * history with them at the next recompute of their buckets. Instead, a deletion is wrapped: the counters of the buckets
 * it can move are read as they stand (counted first if the job has yet to), the rows deleted, the buckets recomputed,
 * and what they counted before less what they count after goes to analytics_kept_counts, which every recompute adds
 * back (addKeptCounts). The figures stay exactly as they were counted. Buckets a cleanup froze (run-rollups.ts) need
 * none of this: nothing recomputes them.
 */

/** Conversations about to lose rows, each with the time of its earliest row to go. */
export interface LosingConversations {
  ids: number[];
  since: Date[];
}

/**
 * Every bucket whose figures rows of these conversations from their `since` on can move: the buckets of the
 * conversation's messages, session changes and flow sessions from a day before it (a template send is engaged by a
 * reply within 24 hours) to its end. An opening, an episode's start or a wait can move to any later row, so the job's
 * narrower dependents, made for rows arriving, do not do here.
 */
async function bucketsMovedBy(tx: Tx, losing: LosingConversations): Promise<string[]> {
  const { rows } = await tx.execute<{ bucket: Date }>(sql`
    SELECT DISTINCT ${bucketOf(sql`x.at`)} AS bucket
    FROM unnest(${sql.param(losing.ids)}::int[], ${sql.param(losing.since.map((at) => at.toISOString()))}::timestamptz[]) l(id, since)
    CROSS JOIN LATERAL (
      SELECT m.timestamp AS at FROM messages m WHERE m.conversation_id = l.id AND m.timestamp >= l.since - interval '24 hours'
      UNION ALL
      SELECT s.changed_at FROM conversation_session_changes s WHERE s.conversation_id = l.id AND s.changed_at >= l.since - interval '24 hours'
      UNION ALL
      SELECT t.at FROM flow_sessions f CROSS JOIN LATERAL (VALUES (f.created_at), (f.ended_at)) t(at)
      WHERE f.conversation_id = l.id AND t.at >= l.since - interval '24 hours'
    ) x
    ORDER BY 1`);
  return rows.map((row) => new Date(row.bucket).toISOString());
}

/**
 * Whether these buckets' counters may not hold what their rows count: the rollups were not built with these settings
 * (never, or the timezone or business hours changed since), a rebuild is under way, or the job has marks of them to take.
 */
async function notCountedYet(tx: Tx, settings: RollupSettings, inBuckets: SQL): Promise<boolean> {
  const { rows } = await tx.execute<{ stale: boolean }>(sql`
    SELECT NOT EXISTS (SELECT 1 FROM analytics_state WHERE key = ${BUILT_KEY} AND value = ${JSON.stringify(settings)}::jsonb)
      OR EXISTS (SELECT 1 FROM analytics_state WHERE key = ${REBUILD_KEY} AND value->>'finishedAt' IS NULL)
      OR EXISTS (SELECT 1 FROM analytics_dirty_buckets WHERE ${inBuckets}) AS stale`);
  return rows[0]?.stale === true;
}

/**
 * Runs `remove`, which deletes rows of the `losing` conversations no earlier than their `since`, in the caller's
 * transaction, keeping what the rollups counted of them. Holds the rollup lock until the transaction ends, so the job
 * never recomputes these buckets halfway.
 */
export async function deleteKeepingCounts<T>(
  tx: Tx,
  settings: RollupSettings,
  losing: LosingConversations,
  remove: () => Promise<T>,
): Promise<T> {
  if (losing.ids.length === 0) return remove();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
  // Frozen buckets are never recomputed: their counters stand as they are.
  const buckets = notFrozen(await bucketsMovedBy(tx, losing), await frozenBefore(tx));
  if (buckets.length === 0) return remove();
  const inBuckets = sql`bucket = ANY(${sql.param(buckets)}::timestamptz[])`;
  // What the figures counted: as they stand, unless the job has yet to count them (then as it would now).
  if (await notCountedYet(tx, settings, inBuckets)) await recomputeBuckets(tx, buckets, settings);
  await tx.execute(sql`
    CREATE TEMP TABLE counted_before ON COMMIT DROP AS
    SELECT measure, dimension, value, bucket, key, count, total FROM analytics_counts WHERE ${inBuckets}`);
  const removed = await remove();
  await recomputeBuckets(tx, buckets, settings);
  await tx.execute(sql`
    CREATE TEMP TABLE counted_lost ON COMMIT DROP AS
    SELECT coalesce(b.measure, a.measure) AS measure, coalesce(b.dimension, a.dimension) AS dimension,
      coalesce(b.value, a.value) AS value, coalesce(b.bucket, a.bucket) AS bucket, coalesce(b.key, a.key) AS key,
      coalesce(b.count, 0) - coalesce(a.count, 0) AS count, coalesce(b.total, 0) - coalesce(a.total, 0) AS total
    FROM counted_before b
    FULL JOIN (SELECT * FROM analytics_counts WHERE ${inBuckets}) a
      ON (a.measure, a.dimension, a.value, a.bucket, a.key) = (b.measure, b.dimension, b.value, b.bucket, b.key)
    WHERE coalesce(b.count, 0) <> coalesce(a.count, 0) OR coalesce(b.total, 0) <> coalesce(a.total, 0)`);
  for (const table of ['analytics_kept_counts', 'analytics_counts']) {
    await tx.execute(sql`
      INSERT INTO ${sql.raw(table)} AS t (measure, dimension, value, bucket, key, count, total)
      SELECT measure, dimension, value, bucket, key, count, total FROM counted_lost
      ON CONFLICT (measure, dimension, bucket, value, key) DO UPDATE
        SET count = t.count + excluded.count, total = t.total + excluded.total`);
    // A kept row that came back to nothing, a counter at nothing: neither counts anything.
    await tx.execute(sql`DELETE FROM ${sql.raw(table)} WHERE ${inBuckets} AND count = 0 AND total = 0`);
  }
  await tx.execute(sql`DROP TABLE counted_before, counted_lost`);
  if ((await localCountsTimezone(tx)) === settings.timezone) {
    await refreshLocalCounts(
      tx,
      buckets.map((bucket) => new Date(bucket)),
      settings.timezone,
    );
  }
  return removed;
}
