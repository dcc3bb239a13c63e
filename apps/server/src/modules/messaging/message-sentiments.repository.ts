import type { SentimentLabel } from '@wac/contract/sentiment';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import type { MessageRow } from './messages.repository.ts';

/** A customer's text: the only messages that carry a sentiment. Written as literals so the planner matches messages_unscored_idx. */
const isCustomerText = sql`${messages.direction} = 'inbound' AND ${messages.type} = 'text'`;
const unscored = and(isCustomerText, sql`${messages.sentimentLabel} IS NULL`);

export interface UnscoredText {
  id: number;
  text: string;
}

/**
 * Claims customers' texts the scorer has not read, newest first (so a live message never waits behind the history an
 * upgrade left unscored), skipping those another server holds. NO KEY UPDATE, as the scorer changes no key: inserts
 * that point at the message (its media, a reply) do not wait for it.
 */
export function claimUnscoredTexts(tx: Tx, limit: number): Promise<UnscoredText[]> {
  return tx
    .select({ id: messages.id, text: sql<string>`coalesce(${messages.content}->>'text', '')` })
    .from(messages)
    .where(unscored)
    .orderBy(desc(messages.id))
    .limit(limit)
    .for('no key update', { skipLocked: true });
}

export interface ScoredText {
  id: number;
  label: SentimentLabel;
  score: number;
  /** null when the scorer could not tell the language. */
  language: string | null;
}

export interface StoredSentiment {
  id: number;
  conversationId: number;
  label: SentimentLabel;
  score: number;
}

/** The scorer's labels of claimed texts, in one statement for the batch. */
export async function storeSentiments(tx: Tx, scored: readonly ScoredText[]): Promise<StoredSentiment[]> {
  if (scored.length === 0) return [];
  return tx
    .update(messages)
    .set({ sentimentLabel: sql`s.label`, sentimentScore: sql`s.score`, sentimentLanguage: sql`s.language` })
    .from(
      unnestRows('s', [
        ['id', 'int', scored.map((row) => row.id)],
        ['label', 'text', scored.map((row) => row.label)],
        ['score', 'real', scored.map((row) => row.score)],
        ['language', 'text', scored.map((row) => row.language)],
      ]).source,
    )
    .where(eq(messages.id, sql`s.id`))
    .returning({
      id: messages.id,
      conversationId: messages.conversationId,
      label: sql<SentimentLabel>`${messages.sentimentLabel}`,
      score: sql<number>`${messages.sentimentScore}`,
    });
}

/** How many customers' texts wait for the scorer (the jobs page). */
export async function countUnscoredTexts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(unscored);
  return row?.n ?? 0;
}

/** A customer's text, locked for a correction of its label; null for an unknown id or any other message. */
export async function lockCustomerText(tx: Tx, messageId: number): Promise<MessageRow | null> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), isCustomerText))
    .for('no key update');
  return row ?? null;
}

export interface SentimentCorrection {
  messageId: number;
  /** The label that counts from now on. */
  label: SentimentLabel;
  /** What the scorer said, kept beside it. */
  modelLabel: SentimentLabel;
  score: number;
  language: string | null;
  userId: number;
}

/** Stores a person's label of a locked customer's text, with the scorer's reading kept beside it. */
export async function storeSentimentCorrection(tx: Tx, correction: SentimentCorrection): Promise<MessageRow> {
  const [row] = await tx
    .update(messages)
    .set({
      sentimentLabel: correction.label,
      sentimentModelLabel: correction.modelLabel,
      sentimentScore: correction.score,
      sentimentLanguage: correction.language,
      sentimentCorrectedBy: correction.userId,
      sentimentCorrectedAt: sql`now()`,
    })
    .where(eq(messages.id, correction.messageId))
    .returning();
  if (!row) throw new Error(`message ${correction.messageId} vanished while locked`);
  return row;
}
