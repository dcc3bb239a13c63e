import { isDeepStrictEqual } from 'node:util';
import { businessHoursSchema } from '@wac/contract/business-hours';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/database.ts';
import { localCountsTimezone, rebuildLocalCounts, rebuildOutdatedLocalCounts, refreshLocalCounts } from './local-counts.ts';
import { addKeptCounts, dependentBuckets, type RollupSettings, recomputeBuckets, recountStatuses } from './recompute-buckets.ts';
import { bucketOf } from './source-rules.ts';

/*
 * The rollup job: one runner at a time across server processes (a transaction-level advisory lock taken by every
 * batch), each batch one short transaction that takes dirty buckets, adds those that depend on them and recomputes
 * them all (only the counters statuses move where nothing but messages' statuses changed). A mark committed while a
 * batch runs is not visible to its DELETE, so it stays for the next batch.
 * A recomputed bucket's new marks rest in proportion to its batch's time before they are taken, so a bucket still
 * filling (every message marks it) takes the job at most BUSY_SHARE of the time, while other buckets go on at once.
 */

/** The advisory lock one rollup runner holds at a time (a benchmark holds it to keep the job off). */
export const ROLLUP_LOCK_ID = 4_170_626;
/** Buckets taken per batch: a bucket of 10,000 messages recomputes in about half a second. */
const BATCH_BUCKETS = 32;
/**
 * The share of the time the job may spend on buckets that keep being marked: a recomputed bucket's new marks rest
 * (1 - share) / share times as long as its batch took, from the batch's end or from when they were first seen if later,
 * so its figures lag by about batch / share.
 */
export const BUSY_SHARE = 0.15;
/** How long the job remembers what a bucket's batch took: a bucket 15 minutes past is rarely marked again. */
const REMEMBER_MS = 15 * 60_000;

/** A bucket recomputed lately: how long its batch took, when it ended, when new marks were first seen since (ms). */
export interface BucketPace {
  tookMs: number;
  endedAt: number;
  markedAt: number | null;
}

/** The buckets (ISO instants) recomputed lately: kept by a rollup loop from pass to pass. */
export type RollupPace = Map<string, BucketPace>;

/** The settings key of the business hours' weekly schedule (Settings → Business hours). */
export const BUSINESS_HOURS_KEY = 'analytics.businessHours';

/** analytics_state 'built': the settings the rollups were built with. */
export const BUILT_KEY = 'built';
/** analytics_state 'rebuild': a rebuild's progress, from the oldest source row to `until`, `cursor` the next bucket. */
export const REBUILD_KEY = 'rebuild';

export interface RebuildProgress {
  startedAt: string;
  until: string;
  from: string | null;
  /** The next bucket to rebuild; null once finished. */
  cursor: string | null;
  buckets: number;
  finishedAt: string | null;
}

/** The rollups' settings now: the app's timezone and, when on, the business hours' schedule. */
export async function rollupSettings(db: DbOrTx, timezone: string): Promise<RollupSettings> {
  const { rows } = await db.execute<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${BUSINESS_HOURS_KEY}`);
  const parsed = businessHoursSchema.safeParse(rows[0]?.value);
  return { timezone, businessDays: parsed.success && parsed.data.enabled ? parsed.data.days : null };
}

async function readState<T>(db: DbOrTx, key: string): Promise<T | null> {
  const { rows } = await db.execute<{ value: T }>(sql`SELECT value FROM analytics_state WHERE key = ${key}`);
  return rows[0]?.value ?? null;
}

async function writeState(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx.execute(sql`
    INSERT INTO analytics_state (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`);
}

export const rebuildProgress = (db: DbOrTx) => readState<RebuildProgress>(db, REBUILD_KEY);

/**
 * analytics_state 'frozen': buckets before `before` are closed. A cleanup deleting messages older than a cut-off
 * freezes the buckets before it first: nothing recomputes them again (the job drops their marks, a rebuild starts
 * after them), so their counters keep what they counted when their rows are gone.
 */
const FROZEN_KEY = 'frozen';

/** The start of the first bucket not frozen, or null when none is. */
export async function frozenBefore(db: DbOrTx): Promise<string | null> {
  return (await readState<{ before: string }>(db, FROZEN_KEY))?.before ?? null;
}

/** Freezes the buckets wholly before `at` (never unfreezes): before a cleanup deletes the messages older than `at`. */
export async function freezeBucketsBefore(db: Db, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    const { rows } = await tx.execute<{ before: Date }>(sql`SELECT ${bucketOf(sql`${at.toISOString()}::timestamptz`)} AS before`);
    const before = isoOf(rows[0]?.before ?? at);
    const frozen = await frozenBefore(tx);
    if (!frozen || frozen < before) await writeState(tx, FROZEN_KEY, { before });
  });
}

/** The buckets not frozen of `buckets` (ISO instants, which compare as text). */
export const notFrozen = (buckets: readonly string[], frozen: string | null) =>
  frozen ? buckets.filter((bucket) => bucket >= frozen) : [...buckets];

async function tryLock(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK_ID}) AS locked`);
  return rows[0]?.locked === true;
}

const isoOf = (at: Date | string) => new Date(at).toISOString();

/** Dirty buckets taken by a batch: those to recompute whole, and those where only messages' statuses changed. */
export interface DirtyBuckets {
  whole: string[];
  statusesOnly: string[];
}

/**
 * Takes (deletes) every mark of up to `limit` dirty buckets but the resting ones, oldest marks first; answers the buckets,
 * statuses-only where every mark taken of them was.
 */
export async function takeDirtyBuckets(tx: Tx, limit = BATCH_BUCKETS, resting: readonly string[] = []): Promise<DirtyBuckets> {
  const { rows } = await tx.execute<{ bucket: Date; statuses_only: boolean }>(sql`
    WITH picked AS (
      SELECT DISTINCT bucket FROM (
        SELECT bucket FROM analytics_dirty_buckets WHERE bucket <> ALL(${sql.param(resting)}::timestamptz[]) ORDER BY id LIMIT ${limit * 64}
      ) marks
      ORDER BY bucket LIMIT ${limit}
    )
    DELETE FROM analytics_dirty_buckets d USING picked p WHERE d.bucket = p.bucket
    RETURNING d.bucket, d.statuses_only`);
  const statusesOnly = new Map<string, boolean>();
  for (const row of rows) {
    const bucket = isoOf(row.bucket);
    statusesOnly.set(bucket, (statusesOnly.get(bucket) ?? true) && row.statuses_only);
  }
  const buckets = [...statusesOnly.keys()].sort();
  return { whole: buckets.filter((b) => !statusesOnly.get(b)), statusesOnly: buckets.filter((b) => statusesOnly.get(b)) };
}

/**
 * Starts a rebuild with these settings: presence, active counts, retention and first-seen start afresh (they only grow
 * as buckets are recomputed), and every bucket with source rows is recomputed in time order, a batch at a time,
 * beside the live marks. Counters stay readable meanwhile: each bucket's are replaced in one transaction.
 */
async function startRebuild(tx: Tx, settings: RollupSettings): Promise<void> {
  await tx.execute(sql`TRUNCATE analytics_presence, analytics_active_counts, analytics_retention, analytics_first_seen`);
  // Frozen buckets keep their counters: the rebuild starts after them.
  const frozen = await frozenBefore(tx);
  const { rows } = await tx.execute<{ from: Date | null; until: Date }>(sql`
    SELECT greatest(
        ${bucketOf(sql`least((SELECT min(timestamp) FROM messages), (SELECT min(changed_at) FROM conversation_session_changes))`)},
        ${frozen}::timestamptz) AS "from",
      ${bucketOf(sql`now()`)} + interval '15 minutes' AS until`);
  const from = rows[0]?.from ? isoOf(rows[0].from) : null;
  const progress: RebuildProgress = {
    startedAt: new Date().toISOString(),
    until: isoOf(rows[0]?.until ?? new Date()),
    from,
    cursor: from,
    buckets: 0,
    finishedAt: from ? null : new Date().toISOString(),
  };
  await writeState(tx, REBUILD_KEY, progress);
  await writeState(tx, BUILT_KEY, settings);
  if (!from) await rebuildLocalCounts(tx, settings.timezone);
}

/** Rebuilds every rollup from the source rows (the job carries it out): after a restore, or to check the figures. */
export async function rebuildRollups(db: Db, settings: RollupSettings): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    await startRebuild(tx, settings);
  });
}

/** The next buckets from `cursor` on that have messages or session changes, found by skipping through their time indexes. */
async function bucketsWithSources(tx: Tx, cursor: string, limit: number): Promise<string[]> {
  const skipThrough = (table: string, column: string) => sql`
    WITH RECURSIVE walk(bucket) AS (
      SELECT ${bucketOf(sql`(SELECT min(${sql.raw(column)}) FROM ${sql.raw(table)} WHERE ${sql.raw(column)} >= ${cursor}::timestamptz)`)}
      UNION ALL
      SELECT ${bucketOf(sql`(SELECT min(${sql.raw(column)}) FROM ${sql.raw(table)} WHERE ${sql.raw(column)} >= walk.bucket + interval '15 minutes')`)}
      FROM walk WHERE walk.bucket IS NOT NULL
    )
    SELECT bucket FROM walk WHERE bucket IS NOT NULL LIMIT ${limit}`;
  const { rows } = await tx.execute<{ bucket: Date }>(sql`
    SELECT bucket FROM ((${skipThrough('messages', 'timestamp')}) UNION (${skipThrough('conversation_session_changes', 'changed_at')})) b
    ORDER BY bucket LIMIT ${limit}`);
  return rows.map((row) => isoOf(row.bucket));
}

/** What a rebuild batch did: nothing (no rebuild under way), one batch with more to come, or the last one. */
type RebuildStep = 'none' | 'more' | 'finished';

/** One batch of the rebuild under way, if any. */
async function rebuildBatch(tx: Tx, settings: RollupSettings): Promise<RebuildStep> {
  const progress = await readState<RebuildProgress>(tx, REBUILD_KEY);
  if (!progress?.cursor || progress.finishedAt) return 'none';
  const buckets = await bucketsWithSources(tx, progress.cursor, BATCH_BUCKETS);
  const last = buckets.at(-1);
  const next = last ? isoOf(new Date(new Date(last).getTime() + 15 * 60_000)) : null;
  // Counters of buckets left without source rows go with the window they fall in, but what was kept of deleted rows.
  const emptied = sql`bucket >= ${progress.cursor}::timestamptz AND bucket < ${next ?? progress.until}::timestamptz
    AND NOT (bucket = ANY(${sql.param(buckets)}::timestamptz[]))`;
  await tx.execute(sql`DELETE FROM analytics_counts WHERE ${emptied}`);
  await tx.execute(sql`DELETE FROM analytics_response_samples WHERE ${emptied}`);
  await addKeptCounts(tx, emptied);
  await recomputeAndRefresh(tx, { whole: buckets, statusesOnly: [] }, settings);
  const finished = next === null;
  // The local hours, days and months are rebuilt whole once every bucket is (in the new timezone, if it changed).
  if (finished) await rebuildLocalCounts(tx, settings.timezone);
  await writeState(tx, REBUILD_KEY, {
    ...progress,
    cursor: next,
    buckets: progress.buckets + buckets.length,
    finishedAt: finished ? new Date().toISOString() : null,
  } satisfies RebuildProgress);
  return finished ? 'finished' : 'more';
}

/**
 * After a rebuild or a re-sum rewrote the rollup rows: vacuumed, the reads' index-only scans skip the table at once instead of
 * fetching every row until autovacuum comes by, and the planner knows the new sizes.
 */
async function vacuumRollups(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) analytics_counts, analytics_local_counts, analytics_presence_gaps, analytics_active_counts`);
}

/**
 * Recomputes the buckets (their statuses' counters alone for those where only statuses changed) and the local hours, days
 * and months holding them, when those are built in the timezone the buckets are read in (after a timezone change, reads
 * use the buckets alone until the rebuild's end rebuilds them).
 */
async function recomputeAndRefresh(tx: Tx, buckets: DirtyBuckets, settings: RollupSettings): Promise<void> {
  await recomputeBuckets(tx, buckets.whole, settings);
  await recountStatuses(tx, buckets.statusesOnly);
  if ((await localCountsTimezone(tx)) === settings.timezone) {
    await refreshLocalCounts(
      tx,
      [...buckets.whole, ...buckets.statusesOnly].map((bucket) => new Date(bucket)),
      settings.timezone,
    );
  }
}

/** The buckets whose marks rest: recomputed lately and marked again, their rest not over; those long past are forgotten. */
async function restingBuckets(db: Db, pace: RollupPace): Promise<string[]> {
  const now = Date.now();
  for (const [bucket, p] of pace) if (p.endedAt + REMEMBER_MS < now) pace.delete(bucket);
  if (pace.size === 0) return [];
  const { rows } = await db.execute<{ bucket: Date }>(sql`
    SELECT DISTINCT bucket FROM analytics_dirty_buckets WHERE bucket = ANY(${sql.param([...pace.keys()])}::timestamptz[])`);
  return rows.flatMap((row) => {
    const bucket = isoOf(row.bucket);
    const p = pace.get(bucket) as BucketPace;
    p.markedAt ??= now;
    return now < Math.max(p.endedAt, p.markedAt) + (p.tookMs * (1 - BUSY_SHARE)) / BUSY_SHARE ? [bucket] : [];
  });
}

/**
 * One batch in one transaction: dirty buckets first (the live figures) but the resting ones, else a rebuild's next
 * buckets. `more` is false when there was nothing to do, or another server runs the rollups; `recomputed` the dirty
 * buckets and those depending on them; `rebuilt` when it finished a rebuild.
 */
async function rollupBatch(
  db: Db,
  settings: RollupSettings,
  resting: readonly string[],
): Promise<{ more: boolean; recomputed: string[]; rebuilt: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return { more: false, recomputed: [], rebuilt: false };
    const dirty = await takeDirtyBuckets(tx, BATCH_BUCKETS, resting);
    if (dirty.whole.length + dirty.statusesOnly.length === 0) {
      const step = await rebuildBatch(tx, settings);
      return { more: step === 'more', recomputed: [], rebuilt: step === 'finished' };
    }
    // Marks of frozen buckets are dropped: their rows may be gone, their counters stay as counted.
    const frozen = await frozenBefore(tx);
    const whole = notFrozen([...new Set([...dirty.whole, ...(await dependentBuckets(tx, dirty.whole))])], frozen);
    const statusesOnly = notFrozen(dirty.statusesOnly, frozen).filter((bucket) => !whole.includes(bucket));
    await recomputeAndRefresh(tx, { whole, statusesOnly }, settings);
    return { more: true, recomputed: [...whole, ...statusesOnly], rebuilt: false };
  });
}

/**
 * A pass of the rollup job: starts a rebuild on first start or when the timezone or business hours changed since the
 * rollups were built (else re-sums the local periods if an older version built them, and vacuums), then works batches until
 * nothing is left but resting buckets or the server stops. `pace`, kept by the caller from pass to pass, holds the
 * resting buckets: a later pass takes their marks (without it, nothing rests).
 */
export async function runRollups(
  db: Db,
  settings: RollupSettings,
  stopping: () => boolean = () => false,
  pace?: RollupPace,
): Promise<void> {
  const start = await db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return null;
    const built = await readState<RollupSettings>(tx, BUILT_KEY);
    if (built && isDeepStrictEqual(built, settings)) return { resummed: await rebuildOutdatedLocalCounts(tx, settings.timezone) };
    await startRebuild(tx, settings);
    return { resummed: false };
  });
  if (!start) return;
  if (start.resummed) await vacuumRollups(db);
  for (let more = true; more && !stopping(); ) {
    const started = performance.now();
    const batch = await rollupBatch(db, settings, pace ? await restingBuckets(db, pace) : []);
    const tookMs = performance.now() - started;
    for (const bucket of batch.recomputed) pace?.set(bucket, { tookMs, endedAt: Date.now(), markedAt: null });
    if (batch.rebuilt) await vacuumRollups(db);
    more = batch.more;
  }
}

/** How many buckets wait to be recomputed: the job page's queue. */
export async function dirtyBucketCount(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`SELECT count(DISTINCT bucket)::int AS count FROM analytics_dirty_buckets`);
  return rows[0]?.count ?? 0;
}
