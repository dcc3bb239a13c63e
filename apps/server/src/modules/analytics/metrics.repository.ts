import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Range } from './analytics-range.ts';

/*
 * The metrics' own reads of the rollups, beside rollups.repository.ts's: retention per cohort week.
 */

export interface CohortWeek extends Record<string, unknown> {
  /** The cohort's local Monday, as a date. */
  cohortWeek: string;
  /** Whole weeks after the cohort's. */
  week: number;
  active: number;
}

const localWeek = (at: Date, timezone: string) => sql`date_trunc('week', ${at.toISOString()}::timestamptz AT TIME ZONE ${timezone})`;

/**
 * The cohorts whose local week starts within the range's weeks, and their customers: those first seen that week. A
 * whole week's cohort is its week-0 retention row (every customer of it wrote that week); only a week the range ends
 * inside counts its first-seen customers up to the range's end, so the read is bounded by a week's new customers.
 */
export async function cohortSizes(db: Db, range: Range): Promise<Map<string, number>> {
  const end = sql`${range.to.toISOString()}::timestamptz AT TIME ZONE ${range.timezone}`;
  const { rows } = await db.execute<{ cohortWeek: string; customers: number }>(sql`
    SELECT to_char(r.cohort_week, 'YYYY-MM-DD') AS "cohortWeek", r.count::int AS customers
    FROM analytics_retention r
    WHERE r.cohort_week >= ${localWeek(range.from, range.timezone)} AND r.cohort_week + interval '1 week' <= ${end}
      AND r.active_week = r.cohort_week
    UNION ALL
    SELECT to_char(date_trunc('week', f.first_at AT TIME ZONE ${range.timezone}), 'YYYY-MM-DD'), count(*)::int
    FROM analytics_first_seen f
    WHERE f.first_at >= greatest(${localWeek(range.from, range.timezone)}, date_trunc('week', ${end})) AT TIME ZONE ${range.timezone}
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
