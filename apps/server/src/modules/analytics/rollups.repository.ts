import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Range } from './analytics-range.ts';
import { CELL_BIN_OF_BIN } from './response-bins.ts';

/*
 * Reading the rollups. analytics_counts rows are 15-minute buckets; a chart's periods are local hours, days, weeks
 * (from Monday) or months. The periods' starts are computed once for the range (DST included: a local hour that does
 * not exist is dropped, an hour that happens twice is one period, starting at its first pass) and each row finds its period by binary search
 * (width_bucket), which keeps a year of buckets to a few milliseconds. Distinct counts (active customers, agents,
 * conversations) do not add up, so they are read from analytics_active_counts per period, or from
 * analytics_presence_gaps across a range.
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

/**
 * The instant a local time (a timestamp) in `timezone` first happens. PostgreSQL's AT TIME ZONE reads a time the clocks
 * pass twice (the hour before they go back) at its second pass, but a local hour starts at its first: the offset three
 * hours before tells whether an hour earlier reads the same.
 */
export function firstInstantOf(local: SQL, timezone: string): SQL {
  const at = sql`(${local} AT TIME ZONE ${timezone})`;
  const before = sql`(${at} - interval '3 hours')`;
  const shift = sql`((${before} AT TIME ZONE ${timezone}) - (${before} AT TIME ZONE 'UTC') - (${local} - (${at} AT TIME ZONE 'UTC')))`;
  const earlier = sql`(${at} - ${shift})`;
  return sql`(CASE WHEN ${earlier} AT TIME ZONE ${timezone} = ${local} THEN least(${earlier}, ${at}) ELSE ${at} END)`;
}

const periodStarts = (range: Range) => sql`
  SELECT array_agg(start ORDER BY start) AS starts
  FROM (
    SELECT DISTINCT ${firstInstantOf(sql`local`, range.timezone)} AS start
    FROM generate_series(
      date_trunc(${range.interval}, ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}),
      (${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}) - interval '1 microsecond',
      ('1 ' || ${range.interval})::interval
    ) local
  ) periods`;

/** The coarsest rows a read may use: a series by day cannot use month rows, one by hour not day rows. */
export type Grain = 'quarter' | 'hour' | 'day' | 'month';
const grains: Grain[] = ['quarter', 'hour', 'day', 'month'];
const allows = (coarsest: Grain, grain: Grain) => grains.indexOf(grain) <= grains.indexOf(coarsest);

/** The coarsest grain whose rows never straddle two of the interval's periods. */
export const grainFor = (interval: Range['interval']): Grain => (interval === 'hour' ? 'hour' : interval === 'month' ? 'month' : 'day');

/** analytics_state's key naming the timezone analytics_local_counts were built in, and the version of their rows. */
export const LOCAL_COUNTS_STATE = 'local_counts';
/**
 * What the local rows hold: 2 added the heatmap's cells, 3 the wait histograms' series in the coarser bins. Rows of
 * another version are rebuilt on start, and not read.
 */
export const LOCAL_COUNTS_VERSION = 3;

/**
 * The measures with a heatmap (histograms of waits), and the measure their local day and month rows are summed into
 * per local day of week, hour and coarser bin: key `dow:hour:cellBin` (response-bins.ts CELL_BIN_UPPER_EDGES).
 */
export const HOUR_OF_WEEK_MEASURES = ['reply_time', 'reply_time_bh'] as const;
export const hourOfWeekMeasure = (measure: string) => `${measure}_by_hour_of_week`;

/**
 * The wait histograms whose series are read in the coarser bins, and the measure their local day and month rows are
 * summed into: key `c<cellBin>` (the c tells them from the fine bins of the hour and 15-minute rows at a range's edges).
 */
export const COARSE_SERIES_MEASURES = ['first_response', 'reply_time', 'first_response_bh', 'reply_time_bh'] as const;
export const coarseSeriesMeasure = (measure: string) => `${measure}_coarse`;

/** The coarser bin (response-bins.ts cellBinOf) holding the fine bin a row's `key` names, in SQL. */
export const cellBinOfKey = (key: SQL) => sql`(${sql.param(CELL_BIN_OF_BIN)}::int[])[${key}::int + 1]`;

/**
 * The range cut at local hour, day and month boundaries (local timestamps): [f, h1) and [h2, t) are read from
 * 15-minute rows, [h1, d1) and [d2, h2) from hour rows, [d1, m1) and [m2, d2) from day rows, [m1, m2) from month rows.
 * A piece a grain cannot fill (the range is shorter than it, or the grain is too coarse for the read) collapses, and
 * so do all of them while the local rows are built in another timezone than the one read (just after it changed).
 */
function cuts(range: Range, coarsest: Grain): SQL {
  const tz = range.timezone;
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  // One grain: its first and last whole period inside [lower, upper), or both at upper when there is none.
  const cut = (grain: Grain, lower: string, upper: string, keep: string, inner: SQL) => {
    const [first, last] = [sql.raw(`${grain[0]}1`), sql.raw(`${grain[0]}2`)];
    const fits = sql`${allows(coarsest, grain)} AND ok AND c1 < c2`;
    return sql`SELECT ${sql.raw(keep)}, CASE WHEN ${fits} THEN c1 ELSE ${sql.raw(upper)} END AS ${first},
        CASE WHEN ${fits} THEN c2 ELSE ${sql.raw(upper)} END AS ${last}
      FROM (
        SELECT *, date_trunc(${grain}, ${sql.raw(lower)} + ${`1 ${grain}`}::interval - interval '1 microsecond') AS c1,
          date_trunc(${grain}, ${sql.raw(upper)}) AS c2
        -- OFFSET 0 keeps each level a subquery of its own: pulled up, every level's expressions were copied into the
        -- next, and planning took 2 ms.
        FROM (${inner} OFFSET 0) inner_cut
      ) ${sql.raw(`${grain}_cut`)}`;
  };
  const bounds = sql`SELECT ${from}::timestamptz AS f, ${to}::timestamptz AS t,
    ${from}::timestamptz AT TIME ZONE ${tz} AS fl, ${to}::timestamptz AT TIME ZONE ${tz} AS tl,
    EXISTS (SELECT 1 FROM analytics_state s WHERE s.key = ${LOCAL_COUNTS_STATE} AND s.value->>'timezone' = ${tz}
      AND s.value->>'version' = ${String(LOCAL_COUNTS_VERSION)}) AS ok`;
  const hours = cut('hour', 'fl', 'tl', 'f, t, ok', bounds);
  const days = cut('day', 'h1', 'h2', 'f, t, ok, h1, h2', hours);
  return cut('month', 'd1', 'd2', 'f, t, ok, h1, h2, d1, d2', days);
}

const keyStarting = (alias: string, prefix: string | undefined) =>
  prefix ? sql`AND ${sql.raw(alias)}.key LIKE ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;

/** Every value of one dimension (per agent, per template, ...): the filter's value is ignored. */
type ValuesFilter = Omit<CounterFilter, 'value'> & { dimension: string };

/**
 * Where the range is cut (cuts above), worked out once per range and grain and shared by the request's reads: each read
 * is then a few index range scans over constant bounds, which PostgreSQL plans in a fraction of the time the cut
 * expressions took it, read after read. Local timestamps as text (YYYY-MM-DD HH:MI:SS), instants as Dates.
 */
interface RangeCuts extends Record<string, unknown> {
  from: Date;
  to: Date;
  /** The instants the 15-minute pieces end and start at. */
  h1At: Date;
  h2At: Date;
  h1: string;
  h2: string;
  d1: string;
  d2: string;
  m1: string;
  m2: string;
}

const cutsByRange = new WeakMap<Range, Map<Grain, Promise<RangeCuts>>>();

function cutsOf(db: Db, range: Range, coarsest: Grain): Promise<RangeCuts> {
  const byGrain = cutsByRange.get(range) ?? new Map<Grain, Promise<RangeCuts>>();
  cutsByRange.set(range, byGrain);
  let pending = byGrain.get(coarsest);
  if (!pending) {
    pending = db
      .execute<RangeCuts>(sql`
        SELECT f AS "from", t AS "to", ${firstInstantOf(sql`h1`, range.timezone)} AS "h1At", ${firstInstantOf(sql`h2`, range.timezone)} AS "h2At",
          h1::text AS h1, h2::text AS h2, d1::text AS d1, d2::text AS d2, m1::text AS m1, m2::text AS m2
        FROM (${cuts(range, coarsest)}) pieces`)
      .then(({ rows }) => {
        const row = rows[0] as RangeCuts;
        return { ...row, from: new Date(row.from), to: new Date(row.to), h1At: new Date(row.h1At), h2At: new Date(row.h2At) };
      });
    byGrain.set(coarsest, pending);
  }
  return pending;
}

/** A local timestamp (YYYY-MM-DD HH:MI:SS) as a Date read in UTC, for calendar arithmetic, and back. */
const calendarDate = (local: string) => new Date(`${local.replace(' ', 'T')}Z`);
const localText = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Local days [lower, upper) split at month starts: each part with its month, and `asMonth` when it holds more than half
 * the month's days, so that reading the month row less the days outside it reads fewer rows than its days do.
 */
function monthParts(lower: string, upper: string) {
  const parts: { lower: string; upper: string; month: string; nextMonth: string; asMonth: boolean }[] = [];
  for (let at = calendarDate(lower); localText(at) < upper; ) {
    const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    const nextMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    const partUpper = localText(nextMonth) < upper ? localText(nextMonth) : upper;
    const inside = calendarDate(partUpper).getTime() - at.getTime();
    parts.push({
      lower: localText(at),
      upper: partUpper,
      month: localText(month),
      nextMonth: localText(nextMonth),
      asMonth: inside * 2 > nextMonth.getTime() - month.getTime(),
    });
    at = nextMonth;
  }
  return parts;
}

/**
 * The counters of the range as rows (at: the instant the row's period starts, value, key, count, total), each piece of
 * the range read at the coarsest grain it allows: a year is about twelve month rows per key, plus days and hours and
 * 15-minute buckets at its edges; a piece that collapsed is not read. A read whose coarsest grain is the month (the
 * whole range, or a series by month) may take a month less the days outside the range (counts and totals negated; the
 * month row and those days fall in the same period): it sums, and leaves out what sums to no count. `allValues` reads
 * every value of the dimension (per agent, per template, ...); `wholeDays` is the filter of the day and month rows, when
 * they are kept as another measure.
 */
async function counters(db: Db, filter: CounterFilter, range: Range, coarsest: Grain, allValues = false, wholeDays = filter): Promise<SQL> {
  const cut = await cutsOf(db, range, coarsest);
  const which = (alias: string, filter: CounterFilter) => {
    const a = sql.raw(alias);
    const value = allValues ? sql`` : sql`AND ${a}.value = ${filter.value ?? ''}`;
    return sql`${a}.measure = ${filter.measure} AND ${a}.dimension = ${filter.dimension ?? ''} ${value} ${keyStarting(alias, filter.keyPrefix)}`;
  };
  const quarters = (lower: Date, upper: Date) =>
    lower < upper
      ? [
          sql`SELECT c.bucket AS at, c.value, c.key, c.count, c.total FROM analytics_counts c
            WHERE ${which('c', filter)} AND c.bucket >= ${lower.toISOString()}::timestamptz AND c.bucket < ${upper.toISOString()}::timestamptz`,
        ]
      : [];
  const local = (grain: Grain, lower: string, upper: string, sign: 1 | -1 = 1) =>
    lower < upper
      ? [
          sql`SELECT l.period_start AT TIME ZONE ${range.timezone} AS at, l.value, l.key, ${sql.raw(sign === 1 ? '' : '-')}l.count AS count,
              ${sql.raw(sign === 1 ? '' : '-')}l.total AS total FROM analytics_local_counts l
            WHERE l.grain = ${grain} AND ${which('l', grain === 'hour' ? filter : wholeDays)}
              AND l.period_start >= ${lower}::timestamp AND l.period_start < ${upper}::timestamp`,
        ]
      : [];
  // A read by month or of the whole range takes most of a month at its edges as the month less the days outside.
  const days = (lower: string, upper: string) =>
    coarsest === 'month'
      ? monthParts(lower, upper).flatMap((part) =>
          part.asMonth
            ? [
                ...local('month', part.month, part.nextMonth),
                ...local('day', part.month, part.lower, -1),
                ...local('day', part.upper, part.nextMonth, -1),
              ]
            : local('day', part.lower, part.upper),
        )
      : local('day', lower, upper);
  const pieces = [
    ...quarters(cut.from, cut.h1At),
    ...quarters(cut.h2At, cut.to),
    ...local('hour', cut.h1, cut.d1),
    ...local('hour', cut.d2, cut.h2),
    ...days(cut.d1, cut.m1),
    ...days(cut.m2, cut.d2),
    ...local('month', cut.m1, cut.m2),
  ];
  return pieces.length > 0
    ? sql.join(pieces, sql` UNION ALL `)
    : sql`SELECT NULL::timestamptz AS at, ''::text AS value, ''::text AS key, 0::bigint AS count, 0::float8 AS total WHERE false`;
}

/** The local periods of the range, oldest first: every chart's x axis, periods without data included. */
export async function periodsOf(db: Db, range: Range): Promise<Date[]> {
  const { rows } = await db.execute<{ start: Date | string }>(
    sql`WITH p AS (${periodStarts(range)}) SELECT unnest(p.starts) AS start FROM p`,
  );
  return rows.map((row) => new Date(row.start));
}

/**
 * The key a read sums by: the whole key, or its first `parts` ':'-separated parts (a message key's direction alone,
 * ...), so that a long series answers the few rows it needs rather than every key of every period.
 */
const keyOf = (parts: number | undefined) => {
  if (parts === undefined) return sql`c.key`;
  // split_part per part (keys read this way have at least `parts` parts: a message key has four): building an array of
  // the parts cost 30 ms over a year of every template's day rows, this 8.
  const first = Array.from({ length: parts }, (_, i) => sql`split_part(c.key, ':', ${i + 1})`);
  return sql`concat_ws(':', ${sql.join(first, sql`, `)})`;
};

/**
 * A period's counters as one text: rows joined by a record separator, fields (key, count, total; value first when
 * split by value) by a unit separator. A year by day of a histogram is then 365 rows to send and parse rather than some
 * 20,000, and cheaper for PostgreSQL to build than JSON. Keys and values never hold these control characters.
 */
const ROW = String.fromCharCode(30);
const FIELD = String.fromCharCode(31);
const packed = (fields: SQL[], order: SQL) => sql`string_agg(concat_ws(chr(31), ${sql.join(fields, sql`, `)}), chr(30) ORDER BY ${order})`;
const unpack = (rows: string) => rows.split(ROW).map((row) => row.split(FIELD));

interface PeriodRows extends Record<string, unknown> {
  period: Date | string;
  rows: string;
}

/** Counters summed per local period and key (or the key's first `keyParts` parts). */
export async function countsByPeriod(db: Db, filter: CounterFilter, range: Range, keyParts?: number): Promise<PeriodCount[]> {
  return summedByPeriod(db, keyOf(keyParts), range, await counters(db, filter, range, grainFor(range.interval)));
}

/**
 * A wait histogram (one of COARSE_SERIES_MEASURES) summed per local period and bin of the coarser histogram
 * (response-bins.ts CELL_BIN_UPPER_EDGES): whole local days and months are read from their coarse rows (at most 11 a
 * day, where the fine bins are some 50), the range's edges from the fine hour and 15-minute rows, each bin mapped to
 * the coarser one holding it.
 */
export async function coarseCountsByPeriod(db: Db, filter: CounterFilter, range: Range): Promise<PeriodCount[]> {
  const coarse = { ...filter, measure: coarseSeriesMeasure(filter.measure) };
  const bin = sql`CASE WHEN c.key LIKE 'c%' THEN substr(c.key, 2)::int ELSE ${cellBinOfKey(sql`c.key`)} END`;
  return summedByPeriod(db, bin, range, await counters(db, filter, range, grainFor(range.interval), false, coarse));
}

async function summedByPeriod(db: Db, key: SQL, range: Range, rowsOfRange: SQL): Promise<PeriodCount[]> {
  const { rows } = await db.execute<PeriodRows>(sql`
    WITH p AS (${periodStarts(range)})
    SELECT p.starts[s.k] AS period, ${packed([sql`s.key`, sql`s.count`, sql`s.total`], sql`s.key`)} AS rows
    FROM (
      SELECT width_bucket(c.at, p.starts) AS k, ${key} AS key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
      FROM (${rowsOfRange}) c, p
      GROUP BY 1, 2
      HAVING sum(c.count) <> 0
    ) s, p
    GROUP BY 1
    ORDER BY 1`);
  return rows.flatMap(({ period, rows: counts }) => {
    const at = new Date(period);
    return unpack(counts).map(([key = '', count, total]) => ({ period: at, key, count: Number(count), total: Number(total) }));
  });
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
    FROM (${await counters(db, filter, range, 'month')}) c
    GROUP BY 1
    HAVING sum(c.count) <> 0
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
    FROM (${await counters(db, filter, range, 'month', true)}) c
    GROUP BY 1, 2
    HAVING sum(c.count) <> 0
    ORDER BY 1, 2`);
  return rows.map((row) => ({ ...row, count: Number(row.count), total: Number(row.total) }));
}

export interface PeriodValueCount extends PeriodCount {
  value: string;
}

/**
 * Counters of one dimension summed per local period, value and key (or its first `keyParts` parts): every template's
 * series, ... With `shown`, the values not in it are summed together under the value ''.
 */
export async function countsByPeriodAndValue(
  db: Db,
  filter: ValuesFilter,
  range: Range,
  keyParts?: number,
  shown?: readonly string[],
): Promise<PeriodValueCount[]> {
  const value = shown ? sql`CASE WHEN c.value = ANY(${sql.param(shown)}::text[]) THEN c.value ELSE '' END` : sql`c.value`;
  const { rows } = await db.execute<PeriodRows>(sql`
    WITH p AS (${periodStarts(range)})
    SELECT p.starts[s.k] AS period, ${packed([sql`s.value`, sql`s.key`, sql`s.count`, sql`s.total`], sql`s.value, s.key`)} AS rows
    FROM (
      SELECT width_bucket(c.at, p.starts) AS k, ${value} AS value, ${keyOf(keyParts)} AS key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
      FROM (${await counters(db, filter, range, grainFor(range.interval), true)}) c, p
      GROUP BY 1, 2, 3
      HAVING sum(c.count) <> 0
    ) s, p
    GROUP BY 1
    ORDER BY 1`);
  return rows.flatMap(({ period, rows: counts }) => {
    const at = new Date(period);
    return unpack(counts).map(([value = '', key = '', count, total]) => ({
      period: at,
      value,
      key,
      count: Number(count),
      total: Number(total),
    }));
  });
}

export interface HourOfWeekCount extends Record<string, unknown> {
  /** Local day of week, 0 Sunday. */
  dayOfWeek: number;
  hour: number;
  /** The bin of the heatmap's coarser histogram (response-bins.ts CELL_BIN_UPPER_EDGES). */
  bin: number;
  count: number;
  total: number;
}

/**
 * A wait histogram (one of HOUR_OF_WEEK_MEASURES) summed per local day of week, hour and the heatmap's coarser bin.
 * Whole local days and months are read from their cells (at most 168 cells of 11 bins per month, however many
 * messages), the range's edges from hour and 15-minute rows: a 15-minute bucket lies within one local hour in every
 * timezone (UTC+5:30 and +5:45 included), so each bucket's local hour is exact.
 */
export async function countsByHourOfWeek(db: Db, filter: CounterFilter, range: Range): Promise<HourOfWeekCount[]> {
  const local = sql`(c.at AT TIME ZONE ${range.timezone})`;
  const cells = { ...filter, measure: hourOfWeekMeasure(filter.measure) };
  // Summed by the cell's key as text (an edge row's made alike), split once per cell rather than once per row.
  const cellKey = sql`CASE WHEN c.key LIKE '%:%' THEN c.key
    ELSE concat_ws(':', extract(dow FROM ${local})::int, extract(hour FROM ${local})::int, ${cellBinOfKey(sql`c.key`)}) END`;
  const { rows } = await db.execute<{ key: string; count: number; total: number }>(sql`
    SELECT ${cellKey} AS key, sum(c.count)::float8 AS count, sum(c.total)::float8 AS total
    FROM (${await counters(db, filter, range, 'month', false, cells)}) c
    GROUP BY 1
    HAVING sum(c.count) <> 0`);
  return rows.map((row) => {
    const [dayOfWeek = 0, hour = 0, bin = 0] = row.key.split(':').map(Number);
    return { dayOfWeek, hour, bin, count: Number(row.count), total: Number(row.total) };
  });
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
    SELECT ${firstInstantOf(sql`a.period_start`, range.timezone)} AS period, a.kind, a.count
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
 * whole days, as dates give, is exact). Each subject counts once, on its first active day in the range: the one whose
 * previous active day comes before the range's first. analytics_presence_gaps holds, per day, how many subjects had
 * their previous active day at or before each date, so a day costs one index probe, whatever the number of subjects.
 */
export async function activeInRange(db: Db, kind: ActiveKind, range: Range): Promise<number> {
  const first = sql`date_trunc('day', ${range.from.toISOString()}::timestamptz AT TIME ZONE ${range.timezone})`;
  const { rows } = await db.execute<{ count: number }>(sql`
    SELECT coalesce(sum(g.running), 0)::int AS count
    FROM generate_series(${first}, (${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}) - interval '1 microsecond', interval '1 day') d(day)
    CROSS JOIN LATERAL (
      SELECT g.running FROM analytics_presence_gaps g
      WHERE g.kind = ${kind} AND g.day = d.day::date AND g.previous_day < ${first}::date
      ORDER BY g.previous_day DESC LIMIT 1
    ) g`);
  return rows[0]?.count ?? 0;
}
