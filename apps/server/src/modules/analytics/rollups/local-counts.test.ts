import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../../test/test-database.ts';
import type { Range } from '../analytics-range.ts';
import { BIN_UPPER_EDGES } from '../response-bins.ts';
import {
  coarseCountsByPeriod,
  countsByHourOfWeek,
  countsByKey,
  countsByPeriod,
  countsByPeriodAndValue,
  countsByValue,
  hourOfWeekMeasure,
  LOCAL_COUNTS_STATE,
} from '../rollups.repository.ts';
import { localCountsTimezone, rebuildLocalCounts, rebuildOutdatedLocalCounts, refreshLocalCounts } from './local-counts.ts';

/*
 * The local hour, day and month rows are only a faster way to read analytics_counts: every read answers the same with
 * them as from the 15-minute rows alone (which is what a read does while they are built in another timezone).
 */

const database = freshDatabaseForFile();
const QUARTER = 900_000;
const FIRST = Date.parse('2025-01-01T00:00:00Z');
const BUCKETS = 420 * 96;

type CounterRow = [measure: string, dimension: string, value: string, bucket: string, key: string, count: number, total: number];

/**
 * A deterministic sprinkle of counters: about one bucket in eight, two keys, overall and for two agents, and a reply
 * time histogram's bins (keys are bin indexes, a 15-minute bucket's waits in a few of them); and a rare key on each
 * month's first day.
 */
function counterRows(seed: number): CounterRow[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const rows: CounterRow[] = [];
  for (let i = 0; i < BUCKETS; i++) {
    const bucket = new Date(FIRST + i * QUARTER).toISOString();
    // A key seen only on each month's first day: a month read less its days outside a range must not leave it at 0.
    if (bucket.endsWith('-01T00:00:00.000Z')) rows.push(['messages', '', '', bucket, 'rare', 1, 1]);
    if (next() > 0.125) continue;
    for (const key of ['a', 'b']) {
      const count = 1 + Math.floor(next() * 5);
      rows.push(
        ['messages', '', '', bucket, key, count, count * 1.5],
        ['messages', 'agent', next() > 0.5 ? '1' : '2', bucket, key, count, count],
      );
    }
    const bin = Math.floor(next() * (BIN_UPPER_EDGES.length + 1));
    rows.push(['reply_time', '', '', bucket, String(bin), 2, 2 * (BIN_UPPER_EDGES[bin - 1] ?? 0)]);
    rows.push(['reply_time', 'agent', '1', bucket, String(Math.min(bin + 3, BIN_UPPER_EDGES.length)), 1, 1]);
  }
  return rows;
}

async function seed(rows: readonly CounterRow[]) {
  const column = (i: number) => sql.param(rows.map((row) => row[i]));
  await database.db.execute(sql`
    INSERT INTO analytics_counts (measure, dimension, value, bucket, key, count, total)
    SELECT * FROM unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[], ${column(3)}::timestamptz[],
      ${column(4)}::text[], ${column(5)}::bigint[], ${column(6)}::float8[])`);
}

const ranges = (timezone: string): Range[] => [
  { from: new Date('2025-01-15T00:00:00Z'), to: new Date('2026-02-10T00:00:00Z'), timezone, interval: 'month' },
  { from: new Date('2025-01-15T00:00:00Z'), to: new Date('2026-02-10T00:00:00Z'), timezone, interval: 'week' },
  { from: new Date('2025-03-03T06:37:00Z'), to: new Date('2025-11-04T07:52:00Z'), timezone, interval: 'day' },
  { from: new Date('2025-03-08T10:07:00Z'), to: new Date('2025-03-12T05:00:00Z'), timezone, interval: 'hour' },
  { from: new Date('2025-10-25T18:15:00Z'), to: new Date('2025-10-27T18:15:00Z'), timezone, interval: 'hour' },
  { from: new Date('2025-06-01T10:20:00Z'), to: new Date('2025-06-01T10:50:00Z'), timezone, interval: 'hour' },
];

/** Everything each read answers over the ranges, with totals rounded (sums of floats in another order). */
async function readAll(timezone: string) {
  const answers: unknown[] = [];
  const round = <T extends { total: number }>(rows: T[]) => rows.map((row) => ({ ...row, total: Math.round(row.total * 1000) / 1000 }));
  for (const range of ranges(timezone)) {
    const filter = { measure: 'messages' };
    answers.push(
      round(await countsByKey(database.db, filter, range)),
      round(await countsByPeriod(database.db, filter, range)),
      round(await countsByPeriod(database.db, { measure: 'messages', dimension: 'agent', value: '2', keyPrefix: 'b' }, range)),
      round(await countsByValue(database.db, { measure: 'messages', dimension: 'agent' }, range)),
      round(await countsByPeriodAndValue(database.db, { measure: 'messages', dimension: 'agent' }, range)),
    );
    for (const heatmap of [{ measure: 'reply_time' }, { measure: 'reply_time', dimension: 'agent', value: '1' }]) {
      const cells = await countsByHourOfWeek(database.db, heatmap, range);
      answers.push(round(cells.sort((x, y) => x.dayOfWeek - y.dayOfWeek || x.hour - y.hour || x.bin - y.bin)));
      answers.push(round(await coarseCountsByPeriod(database.db, heatmap, range)));
    }
  }
  return answers;
}

/** The same reads from 15-minute rows only, as while the local rows are built in another timezone. */
async function readFromQuarters(timezone: string) {
  const state = sql`SELECT value FROM analytics_state WHERE key = ${LOCAL_COUNTS_STATE}`;
  const built = (await database.db.execute<{ value: unknown }>(state)).rows[0]?.value;
  await database.db.execute(sql`UPDATE analytics_state SET value = '{"timezone": "elsewhere"}' WHERE key = ${LOCAL_COUNTS_STATE}`);
  const answers = await readAll(timezone);
  if (built)
    await database.db.execute(sql`UPDATE analytics_state SET value = ${JSON.stringify(built)}::jsonb WHERE key = ${LOCAL_COUNTS_STATE}`);
  return answers;
}

beforeAll(async () => {
  await seed(counterRows(7));
});

describe('local hour, day and month rows', () => {
  for (const timezone of ['UTC', 'Asia/Kathmandu', 'America/New_York', 'Asia/Kolkata']) {
    it(`answer every read as the 15-minute rows do, in ${timezone}`, async () => {
      const expected = await readFromQuarters(timezone);
      await rebuildLocalCounts(database.db, timezone);
      expect(await localCountsTimezone(database.db)).toBe(timezone);
      const answers = await readAll(timezone);
      expect(answers).toEqual(expected);
      expect(answers.flat().length).toBeGreaterThan(1000);
    });
  }

  it("are rebuilt when an older version built them, and not read until then: the heatmap's cells came with version 2", async () => {
    const timezone = 'Asia/Kolkata';
    const expected = await readFromQuarters(timezone);
    await rebuildLocalCounts(database.db, timezone);
    // As version 1 left them: no version, no cells.
    await database.db.execute(sql`DELETE FROM analytics_local_counts WHERE measure = ${hourOfWeekMeasure('reply_time')}`);
    await database.db.execute(
      sql`UPDATE analytics_state SET value = ${JSON.stringify({ timezone })}::jsonb WHERE key = ${LOCAL_COUNTS_STATE}`,
    );
    expect(await localCountsTimezone(database.db)).toBeNull();
    expect(await readAll(timezone)).toEqual(expected);
    await rebuildOutdatedLocalCounts(database.db, 'UTC');
    expect(await localCountsTimezone(database.db), 'built in another timezone: the rollups rebuild takes care').toBeNull();
    await rebuildOutdatedLocalCounts(database.db, timezone);
    expect(await localCountsTimezone(database.db)).toBe(timezone);
    const { rows } = await database.db.execute<{ grain: string; n: number }>(sql`
      SELECT grain, count(*)::int AS n FROM analytics_local_counts WHERE measure = ${hourOfWeekMeasure('reply_time')} GROUP BY 1 ORDER BY 1`);
    expect(rows.map((r) => r.grain)).toEqual(['day', 'month']);
    expect(await readAll(timezone)).toEqual(expected);
  });

  it('are refreshed where buckets were recomputed, equal to a rebuild', async () => {
    const timezone = 'America/New_York';
    await rebuildLocalCounts(database.db, timezone);
    // Buckets across the autumn change, and New York's last bucket of April and first of May: recomputed with new counts.
    const changed = [
      '2025-11-02T05:45:00Z',
      '2025-11-02T06:00:00Z',
      '2025-11-02T06:15:00Z',
      '2025-05-01T03:45:00Z',
      '2025-05-01T04:00:00Z',
    ];
    await database.db.execute(sql`DELETE FROM analytics_counts WHERE bucket = ANY(${sql.param(changed)}::timestamptz[])`);
    await seed(changed.map((bucket): CounterRow => ['messages', '', '', bucket, 'c', 3, 4.5]));
    await refreshLocalCounts(
      database.db,
      changed.map((b) => new Date(b)),
      timezone,
    );
    const refreshed = await readAll(timezone);
    expect(refreshed).toEqual(await readFromQuarters(timezone));
    const { rows } = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analytics_local_counts WHERE grain = 'month' AND key = 'c'`,
    );
    expect(rows[0]?.n).toBe(3);
  });
});
