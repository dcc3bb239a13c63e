import { describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../../test/test-database.ts';
import type { Range } from '../analytics-range.ts';
import { type ActiveKind, activeInRange } from '../rollups.repository.ts';

const database = freshDatabaseForFile();
const rowsOf = async (text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows;

const KINDS: ActiveKind[] = ['conversation', 'customer', 'agent'];
const FIRST_DAY = Date.parse('2025-01-01T00:00:00Z');
const DAYS = 90;
const BATCHES = 24;
const DAY_MS = 86_400_000;

/** The gaps computed from scratch: every day row under the subject's previous day row. */
const gapsFromScratch = () =>
  rowsOf(`
    SELECT kind, day::text, previous_day::text, count, running FROM (
      SELECT kind, day, previous_day, count(*)::int AS count,
        (sum(count(*)) OVER (PARTITION BY kind, day ORDER BY previous_day))::int AS running
      FROM (
        SELECT kind, period_start::date AS day,
          coalesce(lag(period_start) OVER (PARTITION BY kind, subject_id ORDER BY period_start), '-infinity')::date AS previous_day
        FROM analytics_presence WHERE period = 'day'
      ) d
      GROUP BY 1, 2, 3
    ) g
    ORDER BY 1, 2, 3`);

const gapsKept = () => rowsOf('SELECT kind, day::text, previous_day::text, count, running FROM analytics_presence_gaps ORDER BY 1, 2, 3');

/** Presence as the rollup job writes it: a subject's day row with its hour row, duplicates skipped. */
const insertBatch = (batch: number) =>
  database.pool.query(
    `INSERT INTO analytics_presence (period, kind, period_start, subject_id)
     SELECT p.period, s.kind, s.day + p.shift, s.subject_id
     FROM staged s CROSS JOIN (VALUES ('day', interval '0'), ('hour', interval '13 hours')) p(period, shift)
     WHERE s.batch = $1
     ON CONFLICT DO NOTHING`,
    [batch],
  );

/** Distinct subjects with a day row in the range's local days, counted from analytics_presence itself. */
async function countedFromPresence(kind: ActiveKind, range: Range): Promise<number> {
  const [row] = await rowsOf(
    `SELECT count(DISTINCT subject_id)::int AS count FROM analytics_presence
     WHERE period = 'day' AND kind = $1
       AND period_start >= date_trunc('day', $2::timestamptz AT TIME ZONE $4) AND period_start < $3::timestamptz AT TIME ZONE $4`,
    [kind, range.from.toISOString(), range.to.toISOString(), range.timezone],
  );
  return row.count;
}

/** Ranges of whole UTC days over and around the seeded days, a few starting mid-day or in Kathmandu (UTC+5:45). */
function ranges(): Range[] {
  const span = (fromDay: number, days: number, timezone = 'UTC', shiftMs = 0): Range => ({
    from: new Date(FIRST_DAY + fromDay * DAY_MS + shiftMs),
    to: new Date(FIRST_DAY + (fromDay + days) * DAY_MS + shiftMs),
    timezone,
    interval: 'day',
  });
  const all = [span(-10, DAYS + 20), span(0, DAYS), span(0, 1), span(DAYS - 1, 1), span(DAYS, 5), span(-5, 5)];
  for (let from = 0; from < DAYS; from += 7) {
    for (const days of [1, 2, 6, 13, 30, 61]) all.push(span(from, days));
  }
  const kathmandu = -(5 * 60 + 45) * 60_000;
  all.push(span(3, 20, 'Asia/Kathmandu', kathmandu), span(40, 1, 'Asia/Kathmandu', kathmandu), span(10, 30, 'UTC', 9 * 3_600_000));
  return all;
}

describe('distinct subjects active over a range', () => {
  it('equal count(DISTINCT) over presence rows inserted out of time order and with duplicates, for every range', async () => {
    // Subjects of each kind active on one to twelve random days; every row goes to a random batch, one in eight to two.
    await rowsOf(`
      SELECT setseed(0.26);
      CREATE TABLE staged AS
      SELECT DISTINCT k.kind, s.subject_id, timestamp '2025-01-01' + floor(random() * ${DAYS})::int * interval '1 day' AS day,
        floor(random() * ${BATCHES})::int AS batch
      FROM unnest(ARRAY['conversation', 'customer', 'agent']) k(kind), generate_series(1, 40) s(subject_id), generate_series(1, 12) n
      WHERE n = 1 OR random() < 0.5;
      INSERT INTO staged SELECT kind, subject_id, day, floor(random() * ${BATCHES})::int FROM staged WHERE random() < 0.125;`);
    const [staged] = await rowsOf('SELECT count(*)::int AS rows, count(DISTINCT (kind, subject_id, day))::int AS days FROM staged');
    expect(staged.rows).toBeGreaterThan(staged.days);

    for (let batch = 0; batch < BATCHES; batch += 1) {
      await insertBatch(batch);
      expect(await gapsKept()).toEqual(await gapsFromScratch());
    }
    // Days added before a day already there, and pairs of days added together with no day between, before one.
    const [{ late }] = await rowsOf(`
      SELECT count(*)::int AS late FROM staged s
      WHERE EXISTS (SELECT 1 FROM staged t WHERE (t.kind, t.subject_id) = (s.kind, s.subject_id) AND t.day > s.day AND t.batch < s.batch)`);
    const [{ runs }] = await rowsOf(`
      SELECT count(*)::int AS runs FROM staged s JOIN staged t ON (t.kind, t.subject_id, t.batch) = (s.kind, s.subject_id, s.batch) AND t.day > s.day
      WHERE EXISTS (SELECT 1 FROM staged o WHERE (o.kind, o.subject_id) = (s.kind, s.subject_id) AND o.day > t.day AND o.batch < s.batch)
        AND NOT EXISTS (SELECT 1 FROM staged o WHERE (o.kind, o.subject_id) = (s.kind, s.subject_id) AND o.day > s.day AND o.day < t.day AND o.batch <= s.batch)`);
    expect(late).toBeGreaterThan(50);
    expect(runs).toBeGreaterThan(10);

    for (const kind of KINDS) {
      const expected: number[] = [];
      const counted: number[] = [];
      for (const range of ranges()) {
        expected.push(await countedFromPresence(kind, range));
        counted.push(await activeInRange(database.db, kind, range));
      }
      expect(counted).toEqual(expected);
      expect(Math.max(...expected)).toBe(40);
    }
  });

  it('start afresh when a rebuild truncates presence, and equal the kept ones once it is recorded again in time order', async () => {
    const kept = await gapsKept();
    expect(kept.length).toBeGreaterThan(0);
    await rowsOf('TRUNCATE analytics_presence, analytics_active_counts');
    expect(await gapsKept()).toEqual([]);
    expect(await activeInRange(database.db, 'conversation', ranges()[0] as Range)).toBe(0);

    for (let day = 0; day < DAYS; day += 1) {
      await rowsOf(
        `INSERT INTO analytics_presence (period, kind, period_start, subject_id)
         SELECT DISTINCT 'day', kind, day, subject_id FROM staged WHERE day = timestamp '2025-01-01' + $1 * interval '1 day'`,
        [day],
      );
    }
    expect(await gapsKept()).toEqual(kept);
  });
});
