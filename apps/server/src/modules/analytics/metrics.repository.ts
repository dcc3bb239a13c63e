import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Range } from './analytics-range.ts';
import type { Scope } from './metric-scope.ts';

/*
 * The metrics' own reads of the rollups, beside rollups.repository.ts's period sums: counters by local hour of the
 * week, and the kept distinct counts (active people per period, retention per cohort week).
 */

const inRange = (range: Range) =>
  sql`c.bucket >= ${range.from.toISOString()}::timestamptz AND c.bucket < ${range.to.toISOString()}::timestamptz`;

/**
 * The local periods of the range, oldest first, as rollups.repository.ts's periodsOf means them (that one reads its
 * array_agg back as the text of a PostgreSQL array through drizzle's execute, so it cannot answer yet: one row per
 * period here instead).
 */
export async function localPeriods(db: Db, range: Range): Promise<Date[]> {
  const { rows } = await db.execute<{ start: Date | string }>(sql`
    SELECT local AT TIME ZONE ${range.timezone} AS start
    FROM generate_series(
      date_trunc(${range.interval}, ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}),
      (${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}) - interval '1 microsecond',
      ('1 ' || ${range.interval})::interval
    ) local
    ORDER BY 1`);
  return rows.map((row) => new Date(row.start));
}

export interface HourOfWeekCount extends Record<string, unknown> {
  /** Local day of week, 0 Sunday. */
  dayOfWeek: number;
  hour: number;
  key: string;
  count: number;
  total: number;
}

/**
 * A measure's counters summed per local day of week and hour and key: a 15-minute bucket lies within one local hour
 * in every timezone (UTC+5:30 and +5:45 included), so each bucket's local hour is exact.
 */
export async function countsByHourOfWeek(db: Db, measure: string, scope: Scope, range: Range): Promise<HourOfWeekCount[]> {
  const local = sql`(c.bucket AT TIME ZONE ${range.timezone})`;
  const { rows } = await db.execute<HourOfWeekCount>(sql`
    SELECT extract(dow FROM ${local})::int AS "dayOfWeek", extract(hour FROM ${local})::int AS hour, c.key,
      sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
    FROM analytics_counts c
    WHERE c.measure = ${measure} AND c.dimension = ${scope.dimension} AND c.value = ${scope.value} AND ${inRange(range)}
    GROUP BY 1, 2, 3`);
  return rows.map((row) => ({ ...row, count: Number(row.count), total: Number(row.total) }));
}

export interface ActiveCount extends Record<string, unknown> {
  /** The local period's start, as an instant. */
  period: Date;
  kind: string;
  count: number;
}

/** The kept distinct counts of the range's local periods of its interval (the period holding the range's start included). */
export async function activeCounts(db: Db, range: Range): Promise<ActiveCount[]> {
  const local = (at: Date) => sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${range.timezone})`;
  const { rows } = await db.execute<ActiveCount>(sql`
    SELECT a.period_start AT TIME ZONE ${range.timezone} AS period, a.kind, a.count
    FROM analytics_active_counts a
    WHERE a.period = ${range.interval}
      AND a.period_start >= date_trunc(${range.interval}, ${local(range.from)}) AND a.period_start < ${local(range.to)}`);
  return rows.map((row) => ({ ...row, period: new Date(row.period), count: Number(row.count) }));
}

export interface CohortWeek extends Record<string, unknown> {
  /** The cohort's local Monday, as a date. */
  cohortWeek: string;
  /** Whole weeks after the cohort's. */
  week: number;
  active: number;
}

const localWeek = (at: Date, timezone: string) => sql`date_trunc('week', ${at.toISOString()}::timestamptz AT TIME ZONE ${timezone})`;

/** The cohorts whose local week starts within the range's weeks, and their customers: those first seen that week. */
export async function cohortSizes(db: Db, range: Range): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ cohortWeek: string; customers: number }>(sql`
    SELECT to_char(date_trunc('week', f.first_at AT TIME ZONE ${range.timezone}), 'YYYY-MM-DD') AS "cohortWeek", count(*)::int AS customers
    FROM analytics_first_seen f
    WHERE f.first_at >= ${localWeek(range.from, range.timezone)} AT TIME ZONE ${range.timezone}
      AND f.first_at < ${range.to.toISOString()}::timestamptz
    GROUP BY 1`);
  return new Map(rows.map((row) => [row.cohortWeek, Number(row.customers)]));
}

/** How many of each cohort (of the range's weeks) wrote in each later week up to the range's end. */
export async function cohortActivity(db: Db, range: Range): Promise<CohortWeek[]> {
  const { rows } = await db.execute<CohortWeek>(sql`
    SELECT to_char(r.cohort_week, 'YYYY-MM-DD') AS "cohortWeek", (r.active_week::date - r.cohort_week::date) / 7 AS week, r.count AS active
    FROM analytics_retention r
    WHERE r.cohort_week >= ${localWeek(range.from, range.timezone)}
      AND r.cohort_week < ${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}
      AND r.active_week < ${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}`);
  return rows.map((row) => ({ ...row, week: Number(row.week), active: Number(row.active) }));
}
