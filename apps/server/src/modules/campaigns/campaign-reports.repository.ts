import { type RecipientState, type RecipientStateCounts, recipientStates } from '@wac/contract/campaigns';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { campaignRecipients } from '../../db/schema.ts';
import type { RecipientRow } from './campaigns.repository.ts';

/*
 * The reports' SQL: every figure is one aggregate over a campaign's recipients (the (campaign_id, state) index finds
 * them), so a campaign of 100k recipients answers in a handful of rows. Instants come back as epoch seconds (float8)
 * so no driver conversion of timestamps is involved.
 */

export interface RecipientTally {
  /** How many recipients are in each state now. */
  byState: RecipientStateCounts;
  /** Failed after Meta accepted them: they carry a wamid. */
  failedAfterAccepted: number;
}

const noRecipients = (): RecipientStateCounts => Object.fromEntries(recipientStates.map((state) => [state, 0])) as RecipientStateCounts;

/** Recipients by state for each campaign, with how many of the failed ones Meta had accepted. */
export async function recipientTallies(db: DbOrTx, campaignIds: number[]): Promise<Map<number, RecipientTally>> {
  const tallies = new Map(campaignIds.map((id) => [id, { byState: noRecipients(), failedAfterAccepted: 0 }]));
  if (campaignIds.length === 0) return tallies;
  const { rows } = await db.execute<{ campaign_id: number; state: RecipientState; n: number; with_wamid: number }>(sql`
    SELECT campaign_id, state, count(*)::int AS n, count(wamid)::int AS with_wamid
    FROM campaign_recipients
    WHERE campaign_id = ANY(${sql.param(campaignIds)}::int[])
    GROUP BY campaign_id, state`);
  for (const row of rows) {
    const tally = tallies.get(row.campaign_id);
    if (!tally) continue;
    tally.byState[row.state] = row.n;
    if (row.state === 'failed') tally.failedAfterAccepted = row.with_wamid;
  }
  return tallies;
}

/** The chat messages a campaign's sends stored. */
export async function sentMessageIds(db: DbOrTx, campaignId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT message_id AS id FROM campaign_recipients WHERE campaign_id = ${campaignId} AND message_id IS NOT NULL`);
  return rows.map((row) => row.id);
}

export type SendSpan = {
  /** Recipients with a sent_at: Meta accepted them, whatever happened next. */
  accepted: number;
  first: number | null;
  last: number | null;
};

export async function sendSpan(db: DbOrTx, campaignId: number): Promise<SendSpan> {
  const { rows } = await db.execute<SendSpan>(sql`
    SELECT count(sent_at)::int AS accepted,
      extract(epoch FROM min(sent_at))::float8 AS first,
      extract(epoch FROM max(sent_at))::float8 AS last
    FROM campaign_recipients WHERE campaign_id = ${campaignId}`);
  return rows[0] ?? { accepted: 0, first: null, last: null };
}

export interface TimingRow {
  samples: number;
  median: number | null;
  p90: number | null;
}

/**
 * The delay to `column`, over the rows that have it (greatest() would turn a missing one into 0). Clock skew between
 * our sent_at and Meta's status time must not make a delay negative.
 */
const delay = (column: string, fraction: number) =>
  sql.raw(
    `percentile_cont(${fraction}) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM ${column} - sent_at))::float8) FILTER (WHERE ${column} IS NOT NULL)`,
  );

/** Median and 90th percentile seconds from acceptance to delivery and to reading. */
export async function deliveryTimings(db: DbOrTx, campaignId: number): Promise<{ delivered: TimingRow; read: TimingRow }> {
  const { rows } = await db.execute<{
    delivered_samples: number;
    delivered_median: number | null;
    delivered_p90: number | null;
    read_samples: number;
    read_median: number | null;
    read_p90: number | null;
  }>(sql`
    SELECT
      count(delivered_at)::int AS delivered_samples,
      ${delay('delivered_at', 0.5)} AS delivered_median,
      ${delay('delivered_at', 0.9)} AS delivered_p90,
      count(read_at)::int AS read_samples,
      ${delay('read_at', 0.5)} AS read_median,
      ${delay('read_at', 0.9)} AS read_p90
    FROM campaign_recipients
    WHERE campaign_id = ${campaignId} AND sent_at IS NOT NULL AND (delivered_at IS NOT NULL OR read_at IS NOT NULL)`);
  const row = rows[0];
  return {
    delivered: { samples: row?.delivered_samples ?? 0, median: row?.delivered_median ?? null, p90: row?.delivered_p90 ?? null },
    read: { samples: row?.read_samples ?? 0, median: row?.read_median ?? null, p90: row?.read_p90 ?? null },
  };
}

/** The first and last event (sent, delivered, read or failed) and the busiest second of acceptances. */
export async function eventBounds(db: DbOrTx, campaignId: number): Promise<{ first: number | null; last: number | null; peak: number }> {
  const [bounds, peak] = await Promise.all([
    db.execute<{ first: number | null; last: number | null }>(sql`
      SELECT extract(epoch FROM least(min(sent_at), min(delivered_at), min(read_at), min(failed_at)))::float8 AS first,
        extract(epoch FROM greatest(max(sent_at), max(delivered_at), max(read_at), max(failed_at)))::float8 AS last
      FROM campaign_recipients WHERE campaign_id = ${campaignId}`),
    db.execute<{ peak: number | null }>(sql`
      SELECT max(n)::int AS peak FROM (
        SELECT count(*) AS n FROM campaign_recipients
        WHERE campaign_id = ${campaignId} AND sent_at IS NOT NULL
        GROUP BY date_trunc('second', sent_at)
      ) per_second`),
  ]);
  return { first: bounds.rows[0]?.first ?? null, last: bounds.rows[0]?.last ?? null, peak: peak.rows[0]?.peak ?? 0 };
}

export type BucketRow = {
  /** floor(epoch / width): the bucket's start is bucket * width. */
  bucket: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
};

/** Events per bucket of `width` seconds, each counted by its own timestamp; empty buckets are absent. */
export async function eventBuckets(db: DbOrTx, campaignId: number, width: number): Promise<BucketRow[]> {
  const { rows } = await db.execute<BucketRow>(sql`
    SELECT floor(extract(epoch FROM e.at) / ${width}::int)::float8 AS bucket,
      count(*) FILTER (WHERE e.kind = 'sent')::int AS sent,
      count(*) FILTER (WHERE e.kind = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE e.kind = 'read')::int AS read,
      count(*) FILTER (WHERE e.kind = 'failed')::int AS failed
    FROM campaign_recipients r
    CROSS JOIN LATERAL (VALUES ('sent', r.sent_at), ('delivered', r.delivered_at), ('read', r.read_at), ('failed', r.failed_at)) AS e(kind, at)
    WHERE r.campaign_id = ${campaignId} AND e.at IS NOT NULL
    GROUP BY 1 ORDER BY 1`);
  return rows;
}

export type FailureGroupRow = {
  state: 'failed' | 'unknown';
  code: number | null;
  title: string | null;
  explanation: string | null;
  n: number;
  examples: string[];
};

/**
 * Failed and unknown recipients by state and error code, largest first. A code's title and explanation are its most
 * frequent ones (they are stored per failure); the examples are the group's three earliest-added phones.
 */
export async function failureGroups(db: DbOrTx, campaignId: number): Promise<FailureGroupRow[]> {
  const { rows } = await db.execute<FailureGroupRow>(sql`
    WITH failures AS (
      SELECT id, phone, state, error_code, error_title, error_details,
        row_number() OVER (PARTITION BY state, error_code ORDER BY id) AS nth
      FROM campaign_recipients
      WHERE campaign_id = ${campaignId} AND state IN ('failed', 'unknown')
    )
    SELECT state, error_code AS code, count(*)::int AS n,
      mode() WITHIN GROUP (ORDER BY error_title) AS title,
      mode() WITHIN GROUP (ORDER BY error_details) AS explanation,
      array_agg(phone ORDER BY id) FILTER (WHERE nth <= 3) AS examples
    FROM failures
    GROUP BY state, error_code
    ORDER BY n DESC, state, error_code NULLS LAST`);
  return rows;
}

/** Every variable name the campaign's recipients have, for the CSV's columns. */
export async function variableNames(db: DbOrTx, campaignId: number): Promise<string[]> {
  const { rows } = await db.execute<{ key: string }>(sql`
    SELECT DISTINCT jsonb_object_keys(variables) AS key FROM campaign_recipients WHERE campaign_id = ${campaignId} ORDER BY 1`);
  return rows.map((row) => row.key);
}

/** The next page of recipients after `afterId` (keyset by id: each page costs the same however deep the export is). */
export function recipientsAfter(db: DbOrTx, campaignId: number, afterId: number, limit: number): Promise<RecipientRow[]> {
  return db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), gt(campaignRecipients.id, afterId)))
    .orderBy(asc(campaignRecipients.id))
    .limit(limit);
}

/** A campaign's billable messages (Meta's pricing in their statuses), per market and pricing category. */
export async function billableMessagesOf(
  db: DbOrTx,
  campaignId: number,
): Promise<{ market: string | null; category: string; messages: number }[]> {
  const { rows } = await db.execute<{ market: string | null; category: string; messages: number }>(sql`
    SELECT m.pricing_market AS market, m.pricing_category AS category, count(*)::int AS messages
    FROM campaign_recipients r JOIN messages m ON m.id = r.message_id
    WHERE r.campaign_id = ${campaignId} AND m.billable AND m.pricing_category IS NOT NULL
    GROUP BY 1, 2`);
  return rows;
}
