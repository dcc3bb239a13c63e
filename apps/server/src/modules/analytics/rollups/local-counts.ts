import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import {
  COARSE_SERIES_MEASURES,
  cellBinOfKey,
  coarseSeriesMeasure,
  HOUR_OF_WEEK_MEASURES,
  hourOfWeekMeasure,
  LOCAL_COUNTS_STATE,
  LOCAL_COUNTS_VERSION,
} from '../rollups.repository.ts';

/*
 * analytics_local_counts: analytics_counts summed per local hour, then hours per local day, then days per local month,
 * in the timezone the rollups are built with; the wait histograms of the heatmap also per local day of week and hour
 * in a coarser histogram, per local day and month (hourOfWeekMeasure), and their series in that coarser histogram
 * (coarseSeriesMeasure). Only the hours and days holding recomputed buckets are re-summed, and their months moved by
 * what those days changed; a timezone change rebuilds them all.
 */

const insertLocal = sql`INSERT INTO analytics_local_counts (grain, measure, dimension, value, period_start, key, count, total)`;

/** Refreshes the local hours, days and months holding `buckets` (15-minute starts) from analytics_counts. */
export async function refreshLocalCounts(db: DbOrTx, buckets: readonly Date[], timezone: string): Promise<void> {
  if (buckets.length === 0) return;
  const list = sql`${sql.param(buckets.map((b) => b.toISOString()))}::timestamptz[]`;
  // The local hours touched, and every 15-minute bucket that can lie in them (a repeated DST hour spans eight).
  const hours = sql`SELECT DISTINCT date_trunc('hour', b AT TIME ZONE ${timezone}) AS h FROM unnest(${list}) b`;
  await db.execute(sql`DELETE FROM analytics_local_counts l WHERE l.grain = 'hour' AND l.period_start IN (${hours})`);
  await db.execute(sql`${insertLocal}
    SELECT 'hour', c.measure, c.dimension, c.value, date_trunc('hour', c.bucket AT TIME ZONE ${timezone}), c.key, sum(c.count), sum(c.total)
    FROM analytics_counts c
    WHERE c.bucket IN (
      SELECT DISTINCT s FROM unnest(${list}) b, generate_series(b - interval '2 hours', b + interval '2 hours', interval '15 minutes') s
    ) AND date_trunc('hour', c.bucket AT TIME ZONE ${timezone}) IN (${hours})
    GROUP BY 2, 3, 4, 5, 6`);
  const days = sql`SELECT DISTINCT date_trunc('day', h) FROM (${hours}) x`;
  // A month is the sum of its days: the touched days leave their months before they are re-summed and come back after,
  // so a batch costs its own days, not a re-sum of a whole month's rows. Rows left at no count go.
  await addDaysToMonths(db, days, -1);
  await db.execute(sql`DELETE FROM analytics_local_counts l WHERE l.grain = 'day' AND l.period_start IN (${days})`);
  await db.execute(sql`${insertLocal}
    SELECT 'day', l.measure, l.dimension, l.value, d.start, l.key, sum(l.count), sum(l.total)
    FROM (${days}) d(start)
    JOIN analytics_local_counts l ON l.grain = 'hour' AND l.period_start >= d.start AND l.period_start < d.start + interval '1 day'
    GROUP BY 2, 3, 4, 5, 6`);
  await insertCoarseRows(db, days);
  await addDaysToMonths(db, days, 1);
  await db.execute(sql`DELETE FROM analytics_local_counts l
    WHERE l.grain = 'month' AND l.count = 0 AND l.period_start IN (SELECT date_trunc('month', d.start) FROM (${days}) d(start))`);
}

/** Adds (sign 1) or takes away (-1) the day rows of `days` to or from the month rows holding them. */
async function addDaysToMonths(db: DbOrTx, days: ReturnType<typeof sql>, sign: 1 | -1): Promise<void> {
  await db.execute(sql`${insertLocal}
    SELECT 'month', l.measure, l.dimension, l.value, date_trunc('month', l.period_start), l.key,
      ${sign}::int * sum(l.count), ${sign}::int * sum(l.total)
    FROM (${days}) d(start)
    JOIN analytics_local_counts l ON l.grain = 'day' AND l.period_start = d.start
    GROUP BY 2, 3, 4, 5, 6
    ON CONFLICT (grain, measure, dimension, period_start, value, key)
      DO UPDATE SET count = analytics_local_counts.count + excluded.count, total = analytics_local_counts.total + excluded.total`);
}

/**
 * The day rows kept in the coarser bins, from the hour rows of the wait histograms, in the local days `days` starts
 * (every day when not given), each fine bin summed into the coarser bin holding it: the heatmap's cells (key
 * `dow:hour:cellBin`) and the series' bins (key `c<cellBin>`). Month rows sum them as they sum any day rows.
 */
async function insertCoarseRows(db: DbOrTx, days?: ReturnType<typeof sql>): Promise<void> {
  const cellBin = cellBinOfKey(sql`l.key`);
  const cell = sql`concat_ws(':', extract(dow FROM l.period_start)::int, extract(hour FROM l.period_start)::int, ${cellBin})`;
  const measures = sql.join(
    [
      ...HOUR_OF_WEEK_MEASURES.map((measure) => sql`(${measure}, ${hourOfWeekMeasure(measure)}, true)`),
      ...COARSE_SERIES_MEASURES.map((measure) => sql`(${measure}, ${coarseSeriesMeasure(measure)}, false)`),
    ],
    sql`, `,
  );
  const inDays = days ? sql`JOIN (${days}) d(start) ON l.period_start >= d.start AND l.period_start < d.start + interval '1 day'` : sql``;
  await db.execute(sql`${insertLocal}
    SELECT 'day', m.coarse, l.dimension, l.value, date_trunc('day', l.period_start),
      CASE WHEN m.by_hour_of_week THEN ${cell} ELSE 'c' || ${cellBin} END,
      sum(l.count), sum(l.total)
    FROM (VALUES ${measures}) m(measure, coarse, by_hour_of_week)
    JOIN analytics_local_counts l ON l.grain = 'hour' AND l.measure = m.measure
    ${inDays}
    GROUP BY 2, 3, 4, 5, 6`);
}

/** The timezone the local periods are built in; null before their first build, or when built by an older version. */
export async function localCountsTimezone(db: DbOrTx): Promise<string | null> {
  const { rows } = await db.execute<{ timezone: string }>(sql`
    SELECT value->>'timezone' AS timezone FROM analytics_state
    WHERE key = ${LOCAL_COUNTS_STATE} AND value->>'version' = ${String(LOCAL_COUNTS_VERSION)}`);
  return rows[0]?.timezone ?? null;
}

/**
 * Rebuilds the local periods when they were built in `timezone` by an older version of this file (the rollups'
 * start does, once after an upgrade); until then reads use the 15-minute rows. True when it did.
 */
export async function rebuildOutdatedLocalCounts(db: DbOrTx, timezone: string): Promise<boolean> {
  const { rows } = await db.execute<{ version: string | null }>(sql`
    SELECT value->>'version' AS version FROM analytics_state WHERE key = ${LOCAL_COUNTS_STATE} AND value->>'timezone' = ${timezone}`);
  const built = rows[0];
  if (!built || built.version === String(LOCAL_COUNTS_VERSION)) return false;
  await rebuildLocalCounts(db, timezone);
  return true;
}

/**
 * Rebuilds every local period from analytics_counts in `timezone` (after a rebuild of the buckets, or a timezone
 * change) and records it: until then, reads use 15-minute rows only.
 */
export async function rebuildLocalCounts(db: DbOrTx, timezone: string): Promise<void> {
  await db.execute(sql`DELETE FROM analytics_state WHERE key = ${LOCAL_COUNTS_STATE}`);
  await db.execute(sql`DELETE FROM analytics_local_counts`);
  await db.execute(sql`${insertLocal}
    SELECT 'hour', c.measure, c.dimension, c.value, date_trunc('hour', c.bucket AT TIME ZONE ${timezone}), c.key, sum(c.count), sum(c.total)
    FROM analytics_counts c
    GROUP BY 2, 3, 4, 5, 6`);
  for (const [grain, finer] of [
    ['day', 'hour'],
    ['month', 'day'],
  ] as const) {
    await db.execute(sql`${insertLocal}
      SELECT ${grain}, l.measure, l.dimension, l.value, date_trunc(${grain}, l.period_start), l.key, sum(l.count), sum(l.total)
      FROM analytics_local_counts l
      WHERE l.grain = ${finer}
      GROUP BY 2, 3, 4, 5, 6`);
    if (grain === 'day') await insertCoarseRows(db);
  }
  await db.execute(sql`
    INSERT INTO analytics_state (key, value)
    VALUES (${LOCAL_COUNTS_STATE}, jsonb_build_object('timezone', ${timezone}::text, 'version', ${LOCAL_COUNTS_VERSION}::int))
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
}
