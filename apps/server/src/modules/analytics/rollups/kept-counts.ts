import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { countShare, type RollupSettings } from './recompute-buckets.ts';
import { frozenBefore, notFrozen, ROLLUP_LOCK_ID } from './run-rollups.ts';
import { bucketOf } from './source-rules.ts';

/*
 * The rollups are recomputed from the source rows, so deleting messages (a cleanup, an erasure) would take their
 * history with them at the next recompute of their buckets. Instead, a deletion is wrapped: the share of the buckets it
 * can move that belongs to the conversations losing rows is counted before and after it (counters add up across
 * conversations), and the difference goes to analytics_kept_counts, which every recompute adds back (addKeptCounts).
 * The counters themselves are left as they are: the figures stay exactly as they were counted, at the cost of counting
 * those conversations' rows twice, not whole buckets. Buckets a cleanup froze (run-rollups.ts) need none of this.
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

/** Counts the conversations' share of the buckets into temporary tables `<name>_counts` and `<name>_samples`. */
async function countShareInto(
  tx: Tx,
  name: string,
  buckets: readonly string[],
  conversations: readonly number[],
  settings: RollupSettings,
) {
  await tx.execute(sql.raw(`CREATE TEMP TABLE ${name}_counts (LIKE analytics_counts INCLUDING DEFAULTS) ON COMMIT DROP`));
  await tx.execute(sql.raw(`CREATE TEMP TABLE ${name}_samples (LIKE analytics_response_samples INCLUDING ALL) ON COMMIT DROP`));
  await countShare(tx, buckets, settings, { counts: `${name}_counts`, samples: `${name}_samples`, conversations });
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
  await countShareInto(tx, 'share_before', buckets, losing.ids, settings);
  const removed = await remove();
  await countShareInto(tx, 'share_after', buckets, losing.ids, settings);
  await tx.execute(sql`
    INSERT INTO analytics_kept_counts AS t (measure, dimension, value, bucket, key, count, total)
    SELECT measure, dimension, value, bucket, key, sum(count), sum(total)
    FROM (
      SELECT measure, dimension, value, bucket, key, count, total FROM share_before_counts
      UNION ALL
      SELECT measure, dimension, value, bucket, key, -count, -total FROM share_after_counts
    ) x
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(count) <> 0 OR sum(total) <> 0
    ON CONFLICT (measure, dimension, bucket, value, key) DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total`);
  // A kept row that came back to nothing keeps nothing.
  await tx.execute(sql`
    DELETE FROM analytics_kept_counts WHERE bucket = ANY(${sql.param(buckets)}::timestamptz[]) AND count = 0 AND total = 0`);
  await tx.execute(sql`DROP TABLE share_before_counts, share_before_samples, share_after_counts, share_after_samples`);
  return removed;
}
