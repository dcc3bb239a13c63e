import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Range } from './analytics-range.ts';
import { firstInstantOf } from './rollups.repository.ts';

export interface BillableCount extends Record<string, unknown> {
  /** The local period's start, as an instant. */
  period: Date;
  category: string;
  market: string | null;
  campaignId: number | null;
  messages: number;
}

/**
 * The billable messages of the range (Meta's pricing in their statuses), per local period, pricing category, market and
 * campaign; `narrow` keeps one campaign's or one business number's. Read through the partial index of billable messages.
 */
export async function billableCounts(
  db: Db,
  range: Range,
  narrow: { campaignId?: number; phoneNumberId?: string },
): Promise<BillableCount[]> {
  const local = sql`date_trunc(${range.interval}, m.timestamp AT TIME ZONE ${range.timezone})`;
  const conditions: SQL[] = [
    sql`m.billable`,
    sql`m.pricing_category IS NOT NULL`,
    sql`m.timestamp >= ${range.from.toISOString()}::timestamptz`,
    sql`m.timestamp < ${range.to.toISOString()}::timestamptz`,
  ];
  if (narrow.campaignId !== undefined) conditions.push(sql`r.campaign_id = ${narrow.campaignId}`);
  if (narrow.phoneNumberId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM conversations c WHERE c.id = m.conversation_id AND c.phone_number_id = ${narrow.phoneNumberId})`,
    );
  }
  const { rows } = await db.execute<BillableCount>(sql`
    SELECT ${firstInstantOf(local, range.timezone)} AS period, m.pricing_category AS category, m.pricing_market AS market,
      r.campaign_id AS "campaignId", count(*)::int AS messages
    FROM messages m LEFT JOIN campaign_recipients r ON r.message_id = m.id
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY 1, 2, 3, 4`);
  return rows.map((row) => ({ ...row, period: new Date(row.period) }));
}
