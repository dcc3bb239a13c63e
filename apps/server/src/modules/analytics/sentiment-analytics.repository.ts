import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Scope } from './analytics-filters.ts';
import type { Range } from './analytics-range.ts';
import type { LabelledMessage } from './sentiment/labelled-sets/labelled-sentiment.ts';

/*
 * The sentiment answer's reads of messages themselves, each bounded: the range's latest negative messages (for the
 * most negative conversations and the words behind them) and people's corrections (the labelled set accuracy is read on).
 */

export interface NegativeMessage extends Record<string, unknown> {
  id: number;
  conversationId: number;
  score: number;
  at: Date;
  text: string;
}

/**
 * The range's newest `limit` messages labelled negative (a person's correction or the scorer's), newest first; in the
 * conversations of a number, or those an agent holds now.
 */
export async function latestNegativeMessages(db: Db, range: Range, scope: Scope, limit: number): Promise<NegativeMessage[]> {
  const narrowed =
    scope.dimension === 'number'
      ? sql`AND m.conversation_id IN (SELECT id FROM conversations WHERE phone_number_id = ${scope.value})`
      : scope.dimension === 'agent'
        ? sql`AND m.conversation_id IN (SELECT id FROM conversations WHERE session_user_id = ${Number(scope.value)})`
        : sql``;
  const { rows } = await db.execute<NegativeMessage>(sql`
    SELECT m.id, m.conversation_id AS "conversationId", coalesce(m.sentiment_score, 0)::float8 AS score, m.timestamp AS at,
      coalesce(m.content->>'text', '') AS text
    FROM messages m
    WHERE m.sentiment_label = 'negative'
      AND m.timestamp >= ${range.from.toISOString()}::timestamptz AND m.timestamp < ${range.to.toISOString()}::timestamptz
      ${narrowed}
    ORDER BY m.timestamp DESC, m.id DESC
    LIMIT ${limit}`);
  return rows.map((row) => ({ ...row, score: Number(row.score), at: new Date(row.at) }));
}

export interface ConversationFace extends Record<string, unknown> {
  id: number;
  /** The customer's number, or their BSUID when no number is known. */
  phone: string;
  name: string | null;
}

/** Who each of these conversations is with. */
export async function conversationFaces(db: Db, ids: readonly number[]): Promise<Map<number, ConversationFace>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<ConversationFace>(sql`
    SELECT c.id, coalesce(p.phone, p.bsuid) AS phone, p.name
    FROM conversations c JOIN contacts p ON p.id = c.contact_id
    WHERE c.id = ANY(${sql.param([...ids])}::int[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

export interface CorrectionsSummary {
  count: number;
  /** Share of corrections whose label the scorer had given too (0–1), over those it had scored; null with none. */
  agreement: number | null;
  /** When the latest was made: what tells the corrections changed. */
  latestAt: Date | null;
}

/** How many labels people corrected (ever), and how often the scorer had agreed with them. */
export async function correctionsSummary(db: Db): Promise<CorrectionsSummary> {
  const { rows } = await db.execute<{ count: number; agreement: number | null; latest: Date | null }>(sql`
    SELECT count(*)::int AS count, avg((m.sentiment_model_label = m.sentiment_label)::int)::float8 AS agreement,
      max(m.sentiment_corrected_at) AS latest
    FROM messages m
    WHERE m.sentiment_corrected_at IS NOT NULL`);
  const row = rows[0];
  return {
    count: Number(row?.count ?? 0),
    agreement: row?.agreement === null || row?.agreement === undefined ? null : Number(row.agreement),
    latestAt: row?.latest ? new Date(row.latest) : null,
  };
}

/** The latest `limit` corrected texts with the label a person gave them: the corrections as a labelled set. */
export async function correctedMessages(db: Db, limit: number): Promise<LabelledMessage[]> {
  const { rows } = await db.execute<LabelledMessage & Record<string, unknown>>(sql`
    SELECT m.content->>'text' AS text, m.sentiment_label AS label
    FROM messages m
    WHERE m.sentiment_corrected_at IS NOT NULL AND m.sentiment_label IS NOT NULL AND m.content->>'text' IS NOT NULL
    ORDER BY m.sentiment_corrected_at DESC
    LIMIT ${limit}`);
  return rows;
}
