import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Range } from './analytics-range.ts';

/*
 * Reading analytics_counts: rows are 15-minute buckets; a chart's periods are local hours, days, weeks (from Monday)
 * or months. The periods' starts are computed once for the range (DST included) and each row finds its period by
 * binary search (width_bucket), which keeps a year of buckets to a few milliseconds.
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
  SELECT array_agg(local AT TIME ZONE ${range.timezone} ORDER BY local) AS starts
  FROM generate_series(
    date_trunc(${range.interval}, ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}),
    (${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}) - interval '1 microsecond',
    ('1 ' || ${range.interval})::interval
  ) local`;

function counterWhere(filter: CounterFilter, range: Range): SQL {
  return sql`c.measure = ${filter.measure} AND c.dimension = ${filter.dimension ?? ''} AND c.value = ${filter.value ?? ''}
    AND c.bucket >= ${range.from.toISOString()}::timestamptz AND c.bucket < ${range.to.toISOString()}::timestamptz
    ${filter.keyPrefix ? sql`AND c.key LIKE ${`${filter.keyPrefix.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;
}

/** The local periods of the range, oldest first: every chart's x axis, periods without data included. */
export async function periodsOf(db: Db, range: Range): Promise<Date[]> {
  const { rows } = await db.execute<{ starts: Date[] | string[] | null }>(periodStarts(range));
  return (rows[0]?.starts ?? []).map((start) => new Date(start));
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
export async function countsByValue(
  db: Db,
  filter: Omit<CounterFilter, 'value'> & { dimension: string },
  range: Range,
): Promise<ValueCount[]> {
  const { rows } = await db.execute<ValueCount>(sql`
    SELECT c.value, c.key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
    FROM analytics_counts c
    WHERE c.measure = ${filter.measure} AND c.dimension = ${filter.dimension}
      AND c.bucket >= ${range.from.toISOString()}::timestamptz AND c.bucket < ${range.to.toISOString()}::timestamptz
      ${filter.keyPrefix ? sql`AND c.key LIKE ${`${filter.keyPrefix.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
    GROUP BY 1, 2
    ORDER BY 1, 2`);
  return rows.map((row) => ({ ...row, count: Number(row.count), total: Number(row.total) }));
}
