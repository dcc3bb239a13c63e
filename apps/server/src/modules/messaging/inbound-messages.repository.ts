import type { SessionState } from '@wac/contract/agent-sessions';
import type { MessageContent, MessageError, MessageType } from '@wac/contract/whatsapp-messages';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { conversations } from '../../db/schema.ts';
import { equalsAny, unnestRows } from '../../db/unnest-rows.ts';
import { insertMessages, type MessageRow } from './messages.repository.ts';

// Conversations are written in key order, so two batches sharing them never wait on each other in a circle.

export interface ConversationKey {
  contactId: number;
  phoneNumberId: string;
}

export const conversationKey = ({ contactId, phoneNumberId }: ConversationKey) => `${contactId}:${phoneNumberId}`;

/** Conversation ids by conversationKey(), created when new. */
export async function upsertConversations(tx: Tx, keys: ConversationKey[]): Promise<Map<string, number>> {
  const unique = [...new Map(keys.map((key) => [conversationKey(key), key])).values()].sort(
    (a, b) => a.contactId - b.contactId || (a.phoneNumberId < b.phoneNumberId ? -1 : 1),
  );
  if (unique.length === 0) return new Map();
  const contactIds = unique.map((key) => key.contactId);
  const values = unnestRows('v', [
    ['contact_id', 'int', contactIds],
    ['phone_number_id', 'text', unique.map((key) => key.phoneNumberId)],
  ]);
  const created = await tx.execute<{ id: number; contactId: number; phoneNumberId: string }>(sql`
    INSERT INTO conversations (${values.columns}) SELECT ${values.columns} FROM ${values.source}
    ON CONFLICT (contact_id, phone_number_id) DO NOTHING
    RETURNING id, contact_id AS "contactId", phone_number_id AS "phoneNumberId"`);
  const ids = new Map(created.rows.map((row) => [conversationKey(row), row.id]));
  // Those that existed (or another batch created meanwhile) are read now, with a fresh snapshot.
  const existingContactIds = unique.filter((key) => !ids.has(conversationKey(key))).map((key) => key.contactId);
  if (existingContactIds.length > 0) {
    const rows = await tx
      .select({ id: conversations.id, contactId: conversations.contactId, phoneNumberId: conversations.phoneNumberId })
      .from(conversations)
      .where(equalsAny(conversations.contactId, 'int', existingContactIds));
    for (const row of rows) ids.set(conversationKey(row), row.id);
  }
  return ids;
}

/** The business number of the contact's conversation with the latest activity; null for a contact with none. */
export async function latestConversationNumber(tx: Tx, contactId: number): Promise<string | null> {
  const [row] = await tx
    .select({ phoneNumberId: conversations.phoneNumberId })
    .from(conversations)
    .where(eq(conversations.contactId, contactId))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(1);
  return row?.phoneNumberId ?? null;
}

export async function upsertConversation(tx: Tx, contactId: number, phoneNumberId: string): Promise<number> {
  const key = { contactId, phoneNumberId };
  const id = (await upsertConversations(tx, [key])).get(conversationKey(key));
  if (id === undefined) throw new Error(`conversation of contact ${contactId} vanished`);
  return id;
}

export interface NewInbound {
  conversationId: number;
  wamid: string;
  type: string;
  content: MessageContent;
  timestamp: Date;
  error: MessageError | null;
}

/**
 * Stores customers' messages once each (Meta delivers at least once: a wamid stored before, or twice in the batch,
 * is left out) and moves their conversations on. Returns the messages stored now, in the order given.
 */
export async function insertInboundMessages(tx: Tx, inputs: NewInbound[]): Promise<MessageRow[]> {
  if (inputs.length === 0) return [];
  const values = unnestRows('v', [
    ['conversation_id', 'int', inputs.map((input) => input.conversationId)],
    ['wamid', 'text', inputs.map((input) => input.wamid)],
    ['type', 'text', inputs.map((input) => input.type)],
    ['content', 'jsonb', inputs.map((input) => JSON.stringify(input.content))],
    ['timestamp', 'timestamptz', inputs.map((input) => input.timestamp)],
    ['error_code', 'int', inputs.map((input) => input.error?.code ?? null)],
    ['error_title', 'text', inputs.map((input) => input.error?.title ?? null)],
    ['error_details', 'text', inputs.map((input) => input.error?.details ?? null)],
  ]);
  // Ids follow the order given, and so does the conversation's last message on a tie.
  return insertMessages(
    tx,
    sql`
      INSERT INTO messages (${values.columns}, direction, status)
      SELECT ${values.columns}, 'inbound', 'received' FROM ${values.source}
      ON CONFLICT (wamid) DO NOTHING`,
  );
}

/** Stores one customer's message; null when this wamid was stored before. */
export async function insertInbound(tx: Tx, input: NewInbound): Promise<MessageRow | null> {
  const [stored] = await insertInboundMessages(tx, [input]);
  return stored ?? null;
}

/** A customer's message with its conversation's session state, and whether anything came before it there. */
export type InboundWithSession = {
  id: number;
  conversationId: number;
  type: MessageType;
  content: MessageContent;
  sessionState: SessionState;
  earlier: boolean;
  phoneNumberId: string;
};

/** Customers' messages in the order given, read with their conversations in one statement; a message not found is left out. */
export async function inboundWithSessions(db: DbOrTx, messageIds: readonly number[]): Promise<InboundWithSession[]> {
  const given = unnestRows('s', [
    ['id', 'int', messageIds],
    ['ord', 'int', messageIds.map((_, k) => k)],
  ]);
  // Whether anything came before: the conversation's oldest message is found first in its (time, id) index.
  const rows = await db.execute<InboundWithSession>(sql`
    SELECT m.id, m.conversation_id AS "conversationId", m.type, m.content, c.session_state AS "sessionState", c.phone_number_id AS "phoneNumberId",
      EXISTS (SELECT 1 FROM messages e WHERE e.conversation_id = m.conversation_id AND e.id < m.id) AS earlier
    FROM ${given.source}
    JOIN messages m ON m.id = s.id AND m.direction = 'inbound'
    JOIN conversations c ON c.id = m.conversation_id
    ORDER BY s.ord`);
  return rows.rows;
}
