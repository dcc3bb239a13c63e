import type { MessageContent, MessageError, MessageType } from '@wac/contract/whatsapp-messages';
import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { type contacts, conversations, earlyStatuses, messages } from '../../db/schema.ts';
import { equalsAny, returnedRows, unnestRows } from '../../db/unnest-rows.ts';
import { applyEarlyStatuses, lockWamids, type StatusResult } from './message-statuses.repository.ts';

export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
/** What moving a conversation on needs to know of a stored message. */
export type StoredMessage = Pick<MessageRow, 'id' | 'conversationId' | 'timestamp' | 'direction'>;

/** Locks conversations in id order, the order every writer of several conversations follows. */
export async function lockConversations(tx: Tx, ids: number[]): Promise<void> {
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.id, ids))
    .orderBy(asc(conversations.id))
    .for('no key update');
}

interface ConversationTouch {
  lastId: number;
  lastAt: Date;
  inboundAt: Date | null;
  unread: number;
}

/**
 * Moves conversations on with newly stored messages, in one statement. Messages may be stored out of order: the
 * latest by time stays the conversation's last message (on a tie, the higher id, as the thread orders them). Several
 * conversations are locked in id order first, so two batches never wait on each other in a circle.
 */
export async function touchConversations(tx: Tx, stored: StoredMessage[]): Promise<void> {
  const touches = new Map<number, ConversationTouch>();
  for (const message of stored) {
    const touch = touches.get(message.conversationId) ?? { lastId: message.id, lastAt: message.timestamp, inboundAt: null, unread: 0 };
    const later = message.timestamp > touch.lastAt || (message.timestamp.getTime() === touch.lastAt.getTime() && message.id > touch.lastId);
    if (later) Object.assign(touch, { lastId: message.id, lastAt: message.timestamp });
    if (message.direction === 'inbound') {
      touch.unread += 1;
      if (!touch.inboundAt || message.timestamp > touch.inboundAt) touch.inboundAt = message.timestamp;
    }
    touches.set(message.conversationId, touch);
  }
  const ids = [...touches.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return;
  if (ids.length > 1) await lockConversations(tx, ids);
  const column = <K extends keyof ConversationTouch>(key: K) => ids.map((id) => touches.get(id)?.[key] ?? null);
  await tx
    .update(conversations)
    .set({
      lastMessageId: sql`CASE WHEN ${conversations.lastMessageAt} IS NULL OR (v.last_at, v.last_id) >= (${conversations.lastMessageAt}, ${conversations.lastMessageId}) THEN v.last_id ELSE ${conversations.lastMessageId} END`,
      lastMessageAt: sql`GREATEST(${conversations.lastMessageAt}, v.last_at)`,
      // GREATEST skips NULLs: outbound-only touches keep the window where it was.
      lastInboundAt: sql`GREATEST(${conversations.lastInboundAt}, v.inbound_at)`,
      unreadCount: sql`${conversations.unreadCount} + v.unread`,
    })
    .from(
      unnestRows('v', [
        ['id', 'int', ids],
        ['last_id', 'int', column('lastId')],
        ['last_at', 'timestamptz', column('lastAt')],
        ['inbound_at', 'timestamptz', column('inboundAt')],
        ['unread', 'int', column('unread')],
      ]).source,
    )
    .where(eq(conversations.id, sql`v.id`));
}

/**
 * Runs a bulk `INSERT INTO messages ...` (rows already stored are left out by its ON CONFLICT), to which it adds
 * `RETURNING *` (the caller's statement ends with neither a RETURNING nor a semicolon), moves the conversations on with
 * the new rows, and answers them in id order (the order given).
 */
export async function insertMessages(tx: Tx, insert: SQL): Promise<MessageRow[]> {
  const inserted = await tx.execute<Record<string, unknown>>(sql`${insert}
    RETURNING *`);
  if (inserted.rows.length === 0) return [];
  const stored = returnedRows(messages, inserted.rows).sort((a, b) => a.id - b.id);
  await touchConversations(tx, stored);
  return stored;
}

/** A bot's reply to store in its conversation, pending (no agent sent it). */
export interface NewBotReply {
  conversationId: number;
  type: MessageType;
  content: MessageContent;
}

/** Stores bots' replies as pending outbound messages in one statement, moving their conversations on; in id order. */
export function insertBotReplies(tx: Tx, replies: readonly NewBotReply[]): Promise<MessageRow[]> {
  const values = unnestRows('v', [
    ['conversation_id', 'int', replies.map((reply) => reply.conversationId)],
    ['type', 'text', replies.map((reply) => reply.type)],
    ['content', 'jsonb', replies.map((reply) => JSON.stringify(reply.content))],
  ]);
  // Ids follow the order given (each turn's replies in order); clock_timestamp keeps them apart in time too.
  return insertMessages(
    tx,
    sql`
      INSERT INTO messages (${values.columns}, direction, status, timestamp)
      SELECT ${values.columns}, 'outbound', 'pending', clock_timestamp() FROM ${values.source}`,
  );
}

export interface NewOutbound {
  conversationId: number;
  wamid: string | null;
  type: MessageType;
  content: MessageContent;
  userId?: number | null;
  /** The API key a key-authenticated send came through (userId is then null). */
  apiKeyId?: number | null;
  timestamp?: Date;
  /** Template messages: the template's name, what template analytics count by. */
  templateName?: string | null;
}

/** Stores a message the business sent; statuses that raced ahead of it are applied at once. */
export async function insertOutbound(tx: Tx, input: NewOutbound): Promise<StatusResult> {
  if (input.wamid) await lockWamids(tx, [input.wamid]);
  const [row] = await tx
    .insert(messages)
    .values({ ...input, direction: 'outbound', status: 'pending', timestamp: input.timestamp ?? new Date() })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  await touchConversations(tx, [row]);
  return applyEarlyStatuses(tx, row);
}

/** Records the wamid Meta gave a message stored before the send, and applies statuses that came first. */
export async function assignWamid(tx: Tx, messageId: number, wamid: string): Promise<StatusResult> {
  await lockWamids(tx, [wamid]);
  const [row] = await tx.update(messages).set({ wamid, updatedAt: new Date() }).where(eq(messages.id, messageId)).returning();
  if (!row) throw new Error(`message ${messageId} not found`);
  return applyEarlyStatuses(tx, row);
}

/**
 * Records the wamids Meta gave many messages stored before their sends, in a few statements, and applies statuses
 * that came first (rare: a status webhook faster than the send's answer). Answers the messages that changed status.
 */
export async function assignWamids(tx: Tx, pairs: readonly { messageId: number; wamid: string }[]): Promise<StatusResult[]> {
  if (pairs.length === 0) return [];
  const wamids = pairs.map((pair) => pair.wamid);
  await lockWamids(tx, wamids);
  const values = unnestRows('v', [
    ['id', 'int', pairs.map((pair) => pair.messageId)],
    ['wamid', 'text', wamids],
  ]);
  await tx.execute(sql`UPDATE messages m SET wamid = v.wamid, updated_at = now() FROM ${values.source} WHERE m.id = v.id`);
  const early = await tx
    .selectDistinct({ wamid: earlyStatuses.wamid })
    .from(earlyStatuses)
    .where(equalsAny(earlyStatuses.wamid, 'text', wamids));
  if (early.length === 0) return [];
  const raced = await tx
    .select()
    .from(messages)
    .where(
      equalsAny(
        messages.wamid,
        'text',
        early.map((row) => row.wamid),
      ),
    );
  const results: StatusResult[] = [];
  for (const row of raced) results.push(await applyEarlyStatuses(tx, row));
  return results.filter((result) => result.changed);
}

/** A send the Graph API refused (or never answered): failed now, with Meta's error, so the agent can retry. */
export async function markSendFailed(tx: Tx, messageId: number, error: MessageError): Promise<MessageRow> {
  const now = new Date();
  const [row] = await tx
    .update(messages)
    .set({ status: 'failed', failedAt: now, errorCode: error.code, errorTitle: error.title, errorDetails: error.details, updatedAt: now })
    .where(eq(messages.id, messageId))
    .returning();
  if (!row) throw new Error(`message ${messageId} not found`);
  return row;
}

/** Outbound sends still pending without a wamid, last changed more than `olderThanMs` ago, failed now with `error`. */
export function failPendingSendsWithoutWamid(db: DbOrTx, olderThanMs: number, error: MessageError): Promise<MessageRow[]> {
  return db
    .update(messages)
    .set({
      status: 'failed',
      failedAt: sql`now()`,
      errorCode: error.code,
      errorTitle: error.title,
      errorDetails: error.details,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(messages.status, 'pending'),
        eq(messages.direction, 'outbound'),
        isNull(messages.wamid),
        lt(messages.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .returning();
}

/**
 * Template messages Meta accepted, stored pending in one statement; a wamid stored before is left out (ON CONFLICT).
 * Answers the stored ones; the caller moves their conversations on.
 */
export async function insertTemplateMessages(
  tx: Tx,
  rows: { conversationId: number; wamid: string; content: MessageContent; templateName: string; timestamp: Date }[],
): Promise<(StoredMessage & { wamid: string })[]> {
  const values = unnestRows('v', [
    ['conversation_id', 'int', rows.map((row) => row.conversationId)],
    ['wamid', 'text', rows.map((row) => row.wamid)],
    ['content', 'jsonb', rows.map((row) => JSON.stringify(row.content))],
    ['template_name', 'text', rows.map((row) => row.templateName)],
    ['timestamp', 'timestamptz', rows.map((row) => row.timestamp)],
  ]);
  const inserted = await tx.execute<StoredMessage & { wamid: string }>(sql`
      INSERT INTO messages (${values.columns}, direction, type, status)
      SELECT ${values.columns}, 'outbound', 'template', 'pending' FROM ${values.source}
      ON CONFLICT (wamid) DO NOTHING
      RETURNING id, wamid, conversation_id AS "conversationId", timestamp, direction`);
  return inserted.rows.map((row) => ({ ...row, timestamp: new Date(row.timestamp) }));
}

export function messagesByWamids(db: DbOrTx, wamids: readonly string[]): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(inArray(messages.wamid, [...wamids]));
}

/** The ids of the messages with these wamids (none asked, none read). */
export async function messageIdsByWamids(db: DbOrTx, wamids: readonly string[]): Promise<{ id: number; wamid: string | null }[]> {
  if (wamids.length === 0) return [];
  return db
    .select({ id: messages.id, wamid: messages.wamid })
    .from(messages)
    .where(equalsAny(messages.wamid, 'text', wamids));
}

/** These messages, oldest first. */
export function messagesByIds(db: DbOrTx, messageIds: readonly number[]): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(inArray(messages.id, [...messageIds]))
    .orderBy(messages.timestamp, messages.id);
}

/** A failed message sent again: pending with no wamid, errors and status times cleared, one more retry counted. */
export async function resetForRetry(tx: Tx, messageId: number): Promise<MessageRow> {
  const [row] = await tx
    .update(messages)
    .set({
      status: 'pending',
      wamid: null,
      errorCode: null,
      errorTitle: null,
      errorDetails: null,
      sentAt: null,
      deliveredAt: null,
      readAt: null,
      failedAt: null,
      retryCount: sql`${messages.retryCount} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(messages.id, messageId))
    .returning();
  if (!row) throw new Error(`message ${messageId} not found`);
  return row;
}
