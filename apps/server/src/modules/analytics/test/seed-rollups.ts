import type { Pool } from 'pg';

/*
 * Rollup rows written directly, with known values, as the rollup job would keep them: what the endpoints' tests read
 * their figures from.
 */

export interface CountRow {
  measure: string;
  dimension?: string;
  value?: string;
  /** A 15-minute bucket's start, as an ISO instant. */
  bucket: string;
  key: string;
  count: number;
  total?: number;
}

/** The messages measure's key. */
export const messageKey = (direction: 'inbound' | 'outbound', type: string, status: string, sender: string) =>
  `${direction}:${type}:${status}:${sender}`;

export async function seedCounts(pool: Pool, rows: readonly CountRow[]): Promise<void> {
  for (const row of rows) {
    if (new Date(row.bucket).getTime() % 900_000 !== 0) throw new Error(`${row.bucket} is not a 15-minute bucket`);
  }
  await pool.query(
    `INSERT INTO analytics_counts (measure, dimension, value, bucket, key, count, total)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::bigint[], $7::float8[])
     ON CONFLICT (measure, dimension, value, bucket, key)
     DO UPDATE SET count = analytics_counts.count + excluded.count, total = analytics_counts.total + excluded.total`,
    [
      rows.map((r) => r.measure),
      rows.map((r) => r.dimension ?? ''),
      rows.map((r) => r.value ?? ''),
      rows.map((r) => r.bucket),
      rows.map((r) => r.key),
      rows.map((r) => r.count),
      rows.map((r) => r.total ?? 0),
    ],
  );
}

export interface ActiveRow {
  period: 'hour' | 'day' | 'week' | 'month';
  kind: 'customer' | 'agent' | 'conversation';
  /** The local period's start, 'YYYY-MM-DD HH:MM' on the app's clock. */
  periodStart: string;
  count: number;
}

export async function seedActiveCounts(pool: Pool, rows: readonly ActiveRow[]): Promise<void> {
  await pool.query(
    `INSERT INTO analytics_active_counts (period, kind, period_start, count)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp[], $4::int[])`,
    [rows.map((r) => r.period), rows.map((r) => r.kind), rows.map((r) => r.periodStart), rows.map((r) => r.count)],
  );
}

/** Who was active on a local day ('YYYY-MM-DD'): what distinct counts over a range read. */
export async function seedPresence(pool: Pool, kind: ActiveRow['kind'], day: string, subjectIds: readonly number[]): Promise<void> {
  await pool.query(
    `INSERT INTO analytics_presence (period, kind, period_start, subject_id)
     SELECT 'day', $1, $2::timestamp, unnest($3::int[])`,
    [kind, day, subjectIds],
  );
}
