import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Range } from './analytics-range.ts';

/*
 * Reading the rollups. analytics_counts rows are 15-minute buckets; a chart's periods are local hours, days, weeks
 * (from Monday) or months. The periods' starts are computed once for the range (DST included: a local hour that does
 * not exist is dropped, an hour that happens twice is one period) and each row finds its period by binary search
 * (width_bucket), which keeps a year of buckets to a few milliseconds. Distinct counts (active customers, agents,
 * conversations) do not add up, so they are read from analytics_active_counts per period, or from analytics_presence
 * across a range.
 */

/** Which counters to read: a measure, split by nothing ('') or by one dimension's value. */
export interface CounterFilter {
  measure: string;
  dimension?: string;
  value?: string;
  /** Only keys starting with this. */
  keyPrefix?: string;
}

export interface PeriodCount extends Record<string, unknown> {
  /** The local period's start, as an instant. */
  period: Date;
  key: string;
  count: number;
  total: number;
}

const periodStarts = (range: Range) => sql`
  SELECT array_agg(start ORDER BY start) AS starts
  FROM (
    SELECT DISTINCT local AT TIME ZONE ${range.timezone} AS start
    FROM generate_series(
      date_trunc(${range.interval}, ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}),
      (${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}) - interval '1 microsecond',
      ('1 ' || ${range.interval})::interval
    ) local
  ) periods`;

const inRange = (range: Range) =>
  sql`c.bucket >= ${range.from.toISOString()}::timestamptz AND c.bucket < ${range.to.toISOString()}::timestamptz`;

const keyStarting = (prefix: string | undefined) => (prefix ? sql`AND c.key LIKE ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}` : sql``);

function counterWhere(filter: CounterFilter, range: Range): SQL {
  return sql`c.measure = ${filter.measure} AND c.dimension = ${filter.dimension ?? ''} AND c.value = ${filter.value ?? ''}
    AND ${inRange(range)} ${keyStarting(filter.keyPrefix)}`;
}

/** Every value of one dimension (per agent, per template, ...): the filter's value is ignored. */
type ValuesFilter = Omit<CounterFilter, 'value'> & { dimension: string };

function valuesWhere(filter: ValuesFilter, range: Range): SQL {
  return sql`c.measure = ${filter.measure} AND c.dimension = ${filter.dimension} AND ${inRange(range)} ${keyStarting(filter.keyPrefix)}`;
}

/** The local periods of the range, oldest first: every chart's x axis, periods without data included. */
export async function periodsOf(db: Db, range: Range): Promise<Date[]> {
  const { rows } = await db.execute<{ start: Date | string }>(
    sql`WITH p AS (${periodStarts(range)}) SELECT unnest(p.starts) AS start FROM p`,
  );
  return rows.map((row) => new Date(row.start));
}

/** Counters summed per local period and key. */
export async function countsByPeriod(db: Db, filter: CounterFilter, range: Range): Promise<PeriodCount[]> {
  const { rows } = await db.execute<PeriodCount>(sql`
    WITH p AS (${periodStarts(range)})
    SELECT p.starts[s.k] AS period, s.key, s.count, s.total
    FROM (
      SELECT width_bucket(c.bucket, p.starts) AS k, c.key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
      FROM analytics_counts c, p
      WHERE ${counterWhere(filter, range)}
      GROUP BY 1, 2
    ) s, p
    ORDER BY 1, 2`);
  return rows.map((row) => ({ ...row, period: new Date(row.period), count: Number(row.count), total: Number(row.total) }));
}

export interface KeyCount extends Record<string, unknown> {
  key: string;
  count: number;
  total: number;
}

/** Counters summed per key over the whole range. */
export async function countsByKey(db: Db, filter: CounterFilter, range: Range): Promise<KeyCount[]> {
  const { rows } = await db.execute<KeyCount>(sql`
    SELECT c.key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
    FROM analytics_counts c
    WHERE ${counterWhere(filter, range)}
    GROUP BY 1
    ORDER BY 1`);
  return rows.map((row) => ({ ...row, count: Number(row.count), total: Number(row.total) }));
}

export interface ValueCount extends KeyCount {
  value: string;
}

/** Counters of one dimension summed per value and key over the range (per agent, per template, ...). */
export async function countsByValue(db: Db, filter: ValuesFilter, range: Range): Promise<ValueCount[]> {
  const { rows } = await db.execute<ValueCount>(sql`
    SELECT c.value, c.key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
    FROM analytics_counts c
    WHERE ${valuesWhere(filter, range)}
    GROUP BY 1, 2
    ORDER BY 1, 2`);
  return rows.map((row) => ({ ...row, count: Number(row.count), total: Number(row.total) }));
}

export interface PeriodValueCount extends PeriodCount {
  value: string;
}

/** Counters of one dimension summed per local period, value and key: the series of every template, agent, ... */
export async function countsByPeriodAndValue(db: Db, filter: ValuesFilter, range: Range): Promise<PeriodValueCount[]> {
  const { rows } = await db.execute<PeriodValueCount>(sql`
    WITH p AS (${periodStarts(range)})
    SELECT p.starts[s.k] AS period, s.value, s.key, s.count, s.total
    FROM (
      SELECT width_bucket(c.bucket, p.starts) AS k, c.value, c.key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
      FROM analytics_counts c, p
      WHERE ${valuesWhere(filter, range)}
      GROUP BY 1, 2, 3
    ) s, p
    ORDER BY 1, 2, 3`);
  return rows.map((row) => ({ ...row, period: new Date(row.period), count: Number(row.count), total: Number(row.total) }));
}

/** Who is counted active: customers who wrote, agents who sent a human reply, conversations with any message. */
export type ActiveKind = 'customer' | 'agent' | 'conversation';

export interface PeriodActive extends Record<string, unknown> {
  period: Date;
  kind: ActiveKind;
  count: number;
}

/** Distinct customers, agents or conversations active in each local period of the range (its interval). */
export async function activeByPeriod(db: Db, kinds: readonly ActiveKind[], range: Range): Promise<PeriodActive[]> {
  const { rows } = await db.execute<PeriodActive>(sql`
    SELECT a.period_start AT TIME ZONE ${range.timezone} AS period, a.kind, a.count
    FROM analytics_active_counts a
    WHERE a.period = ${range.interval} AND a.kind IN (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})
      AND a.period_start >= date_trunc(${range.interval}, ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone})
      AND a.period_start < ${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}
    ORDER BY 1, 2`);
  return rows.map((row) => ({ ...row, period: new Date(row.period), count: Number(row.count) }));
}

/**
 * Distinct customers, agents or conversations active in the range, read from the local days it touches (a range of
 * whole days, as dates give, is exact).
 */
export async function activeInRange(db: Db, kind: ActiveKind, range: Range): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    SELECT count(DISTINCT p.subject_id)::int AS count
    FROM analytics_presence p
    WHERE p.period = 'day' AND p.kind = ${kind}
      AND p.period_start >= date_trunc('day', ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone})
      AND p.period_start < ${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}`);
  return rows[0]?.count ?? 0;
}
