import {
  type AnalyticsInterval,
  type AnalyticsQuery,
  type AnalyticsRange,
  MAX_ANALYTICS_BUCKETS,
  MAX_ANALYTICS_RANGE_DAYS,
} from '@wac/contract/analytics';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { firstInstantOf } from './rollups.repository.ts';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const INTERVAL_MS: Record<AnalyticsInterval, number> = { hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS, month: 28 * DAY_MS };

/** A resolved range: [from, to) as instants, read in `timezone` by `interval`. */
export interface Range {
  from: Date;
  to: Date;
  timezone: string;
  interval: AnalyticsInterval;
}

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The start of local day `date` (YYYY-MM-DD, or the day after it) in `timezone`: its first instant, should midnight happen twice. */
export async function localDayStart(db: Db, date: string, nextDay: boolean, timezone: string): Promise<Date> {
  const { rows } = await db.execute<{ at: Date }>(
    sql`SELECT ${firstInstantOf(sql`(${date}::date + ${nextDay ? 1 : 0}::int)::timestamp`, timezone)} AS at`,
  );
  return new Date(rows[0]?.at as Date);
}

/** The rollups' grain: counters are kept per 15-minute bucket. */
const QUARTER_MS = 900_000;
/** The quarter hour an instant falls on, or the next one: a range's bounds as the rollups can count them. */
const onQuarter = (at: Date) => new Date(Math.ceil(at.getTime() / QUARTER_MS) * QUARTER_MS);

/**
 * The query's range: dates are whole local days (endDate inclusive); date-times, and now, from the quarter hour they
 * fall on or the next (the rollups count 15-minute buckets, and the range answered says what was counted); by default
 * the last 30 days. Refuses, as a 400 naming the field, an end before the start, a range over two years, or more
 * buckets than a chart can show.
 */
export async function resolveRange(
  db: Db,
  query: Pick<AnalyticsQuery, 'startDate' | 'endDate' | 'interval'>,
  timezone: string,
): Promise<Range> {
  const bound = (value: string, nextDay: boolean) =>
    isDateOnly(value) ? localDayStart(db, value, nextDay, timezone) : onQuarter(new Date(value));
  const to = query.endDate ? await bound(query.endDate, true) : onQuarter(new Date());
  const from = query.startDate ? await bound(query.startDate, false) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  if (from >= to) {
    throw badRequest('startDate must be before endDate (query startDate)', [{ field: 'startDate', message: 'must be before endDate' }]);
  }
  const span = to.getTime() - from.getTime();
  if (span > MAX_ANALYTICS_RANGE_DAYS * DAY_MS) {
    throw badRequest(`The range may not exceed ${MAX_ANALYTICS_RANGE_DAYS} days (query endDate)`, [
      { field: 'endDate', message: `must be within ${MAX_ANALYTICS_RANGE_DAYS} days of startDate` },
    ]);
  }
  if (span / INTERVAL_MS[query.interval] > MAX_ANALYTICS_BUCKETS) {
    throw badRequest(`The range has more than ${MAX_ANALYTICS_BUCKETS} ${query.interval}s; choose a longer interval (query interval)`, [
      { field: 'interval', message: 'too short for this range' },
    ]);
  }
  return { from, to, timezone, interval: query.interval };
}

/**
 * The period just before `range`, as long on the local clock (30 local days before 30 local days, whatever a DST
 * change did to their hours): what "change against the previous period" compares with.
 */
export async function previousRange(db: Db, range: Range): Promise<Range> {
  const { rows } = await db.execute<{ at: Date }>(sql`
    SELECT ${firstInstantOf(sql`(f.local - (${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone} - f.local))`, range.timezone)} AS at
    FROM (SELECT ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone} AS local) f`);
  return { ...range, from: new Date(rows[0]?.at as Date), to: range.from };
}

/** The range as the contract answers it. */
export function rangeAnswer(range: Range): AnalyticsRange {
  return { startDate: range.from.toISOString(), endDate: range.to.toISOString(), timezone: range.timezone, interval: range.interval };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's local date (YYYY-MM-DD) in `timezone`, its formatter made once per timezone (making one costs far more than using it). */
export function localDateOf(instant: Date, timezone: string): string {
  let format = dateFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timezone, format);
  }
  return format.format(instant);
}
