import type { CustomerAddress } from '@wac/contract/whatsapp-user-id';
import { and, count, desc, eq, gte, ilike, inArray, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { contacts, conversations, mediaFiles, messages } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { userJoin } from '../accounts/index.ts';
import { apiKeyJoin } from '../api-keys/index.ts';
import type { MediaFileRow } from './chat-media.ts';
import { lockConversations, type MessageRow } from './messages.repository.ts';

export interface ConversationFilter {
  /** Part of the contact's name or username, or digits of their number. */
  search?: string;
  /** The contact's whole number (canonical form) or BSUID, found through its unique index. */
  address?: CustomerAddress;
  /** Only this business number's conversations. */
  phoneNumberId?: string;
  /** Last activity from (inclusive) and before (exclusive). */
  from?: Date;
  before?: Date;
}

const holder = userJoin(conversations.sessionUserId);

const summaryColumns = {
  id: conversations.id,
  phoneNumberId: conversations.phoneNumberId,
  contactId: contacts.id,
  contactName: contacts.name,
  phone: contacts.phone,
  waId: contacts.waId,
  bsuid: contacts.bsuid,
  username: contacts.username,
  marketingOptOutAt: contacts.marketingOptOutAt,
  lastMessageAt: conversations.lastMessageAt,
  lastInboundAt: conversations.lastInboundAt,
  unreadCount: conversations.unreadCount,
  sessionState: conversations.sessionState,
  sessionUserId: conversations.sessionUserId,
  sessionUsername: holder.username,
  sessionReason: conversations.sessionReason,
  sessionChangedAt: conversations.sessionChangedAt,
  lastId: messages.id,
  lastDirection: messages.direction,
  lastType: messages.type,
  lastContent: messages.content,
  lastStatus: messages.status,
  lastTimestamp: messages.timestamp,
  /** last_message_at to the microsecond (a Date keeps milliseconds), for the list's cursor. */
  sortAt: sql<string | null>`to_char(${conversations.lastMessageAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** A row's place in the list's order: its last activity (null last) and then its id. */
export interface ListPosition {
  /** ISO 8601 in UTC to the microsecond; null for a conversation without messages. */
  at: string | null;
  id: number;
}

export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const needsContacts = (filter: ConversationFilter) => Boolean(filter.search || filter.address);

/** The contact a whole number or BSUID names. */
export const contactNamed = (address: CustomerAddress): SQL =>
  address.phone === null ? eq(contacts.bsuid, address.bsuid) : eq(contacts.phone, address.phone);

function filterSql(filter: ConversationFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.search) {
    const digits = filter.search.replace(/\D/g, '');
    parts.push(
      or(
        ilike(contacts.name, likeContaining(filter.search)),
        ilike(contacts.username, likeContaining(filter.search.replace(/^@/, ''))),
        // "+44 7700" finds 447700…: only digits count in a number.
        digits.length > 0 ? like(contacts.phone, `%${digits}%`) : undefined,
      ),
    );
  }
  if (filter.address) parts.push(contactNamed(filter.address));
  if (filter.phoneNumberId) parts.push(eq(conversations.phoneNumberId, filter.phoneNumberId));
  if (filter.from) parts.push(gte(conversations.lastMessageAt, filter.from));
  if (filter.before) parts.push(lt(conversations.lastMessageAt, filter.before));
  return and(...parts);
}

// The last message comes through conversations.last_message_id, never by scanning a conversation's messages.
function selectSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .leftJoin(holder.table, holder.on);
}

const newestActivityFirst = [sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id)];

/** The ids of the conversations the filter keeps (and `where`), from conversations alone unless it needs the contact. */
function filteredIds(db: DbOrTx, filter: ConversationFilter, where?: SQL) {
  const ids = db.select({ id: conversations.id }).from(conversations);
  const joined = needsContacts(filter) ? ids.innerJoin(contacts, eq(contacts.id, conversations.contactId)) : ids;
  return joined.where(and(filterSql(filter), where)).orderBy(...newestActivityFirst);
}

/**
 * The first `limit` ids after a position: the row comparison starts reading conversations_last_message_desc_idx there,
 * so any depth costs the same. It is never true for a NULL, so conversations without messages (last in the order) come
 * from a second branch, which reads nothing while there are none.
 */
function idsAfter(db: DbOrTx, filter: ConversationFilter, after: ListPosition, limit: number) {
  const undated = isNull(conversations.lastMessageAt);
  if (after.at === null) return filteredIds(db, filter, and(undated, lt(conversations.id, after.id))).limit(limit);
  const dated = sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${after.at}::timestamptz, ${after.id})`;
  return unionAll(filteredIds(db, filter, dated).limit(limit), filteredIds(db, filter, undated).limit(limit));
}

/**
 * Newest activity first, walking conversations_last_message_desc_idx, from an offset (cost grows with it) or after a
 * position (keyset). The page's ids are picked from conversations alone (a deferred join): OFFSET then skips index
 * entries, not joined rows.
 */
export function listConversations(
  db: DbOrTx,
  filter: ConversationFilter,
  limit: number,
  start: { offset: number } | { after: ListPosition },
): Promise<SummaryRow[]> {
  const pageIds = 'after' in start ? idsAfter(db, filter, start.after, limit) : filteredIds(db, filter).limit(limit).offset(start.offset);
  return selectSummaries(db)
    .where(inArray(conversations.id, pageIds))
    .orderBy(...newestActivityFirst)
    .limit(limit);
}

export async function countConversations(db: DbOrTx, filter: ConversationFilter): Promise<number> {
  const base = db.select({ n: count() }).from(conversations);
  const query = needsContacts(filter) ? base.innerJoin(contacts, eq(contacts.id, conversations.contactId)) : base;
  const [row] = await query.where(filterSql(filter));
  return row?.n ?? 0;
}

/** These conversations as the list shows them, in no particular order. */
export function conversationSummaries(db: DbOrTx, ids: readonly number[]): Promise<SummaryRow[]> {
  return selectSummaries(db).where(inArray(conversations.id, [...ids]));
}

/** The conversation with this customer on the business number given, else their latest (several numbers, several conversations). */
export async function conversationSummaryOf(db: DbOrTx, address: CustomerAddress, phoneNumberId?: string): Promise<SummaryRow | null> {
  const [row] = await selectSummaries(db)
    .where(and(contactNamed(address), phoneNumberId === undefined ? undefined : eq(conversations.phoneNumberId, phoneNumberId)))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(1);
  return row ?? null;
}

export interface MessageWithSender {
  message: MessageRow;
  senderName: string | null;
  /** The name of the API key a key-authenticated send came through. */
  apiKeyName: string | null;
}

const sender = userJoin(messages.userId);
const sentThrough = apiKeyJoin(messages.apiKeyId);
const withSender = { message: messages, senderName: sender.username, apiKeyName: sentThrough.name };

const newestMessageFirst = [desc(messages.timestamp), desc(messages.id)];

/** One page of a conversation's messages, newest first; the page's ids come from the index alone (deferred join). */
export function messagesPage(db: DbOrTx, conversationId: number, limit: number, offset: number): Promise<MessageWithSender[]> {
  const pageIds = db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(...newestMessageFirst)
    .limit(limit)
    .offset(offset);
  return db
    .select(withSender)
    .from(messages)
    .leftJoin(sender.table, sender.on)
    .leftJoin(sentThrough.table, sentThrough.on)
    .where(inArray(messages.id, pageIds))
    .orderBy(...newestMessageFirst);
}

/** The customer's latest message in the conversation (the one a read receipt and a typing indicator name). */
export async function latestInboundWamid(db: DbOrTx, conversationId: number): Promise<string | null> {
  const [row] = await db
    .select({ wamid: messages.wamid })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'inbound')))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(1);
  return row?.wamid ?? null;
}

export async function countMessages(db: DbOrTx, conversationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId));
  return row?.n ?? 0;
}

export async function messageWithSender(db: DbOrTx, messageId: number): Promise<MessageWithSender | null> {
  const [row] = await db
    .select(withSender)
    .from(messages)
    .leftJoin(sender.table, sender.on)
    .leftJoin(sentThrough.table, sentThrough.on)
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/** Lock its conversation first: writers lock a conversation, then its messages, so none waits on another in a circle. */
export async function lockMessage(tx: Tx, messageId: number): Promise<MessageRow | null> {
  const [row] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
  return row ?? null;
}

/** The file of each message (the newest when a message somehow has several). */
export async function mediaOfMessages(db: DbOrTx, messageIds: number[]): Promise<Map<number, MediaFileRow>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.messageId, messageIds)).orderBy(mediaFiles.id);
  return new Map(rows.map((r) => [r.messageId as number, r]));
}

export interface FailedMessageRow extends MessageWithSender {
  contact: typeof contacts.$inferSelect;
}

/** Failed messages since `since`, latest failure first, through messages_failed_idx. */
export function failedMessages(db: DbOrTx, since: Date, limit: number, offset: number): Promise<FailedMessageRow[]> {
  return db
    .select({ ...withSender, contact: contacts })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(sender.table, sender.on)
    .leftJoin(sentThrough.table, sentThrough.on)
    .where(and(eq(messages.status, 'failed'), gte(messages.failedAt, since)))
    .orderBy(desc(messages.failedAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
}

export async function countFailedMessages(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.status, 'failed'), gte(messages.failedAt, since)));
  return row?.n ?? 0;
}

export interface ReadMarked {
  conversationIds: number[];
  /** Messages that were unread until now. */
  updated: Pick<MessageRow, 'id' | 'conversationId' | 'wamid' | 'timestamp'>[];
}

/** Marks customers' messages read by the business (their status stays 'received'). */
/**
 * Marks the given customer messages read, and with each the older unread ones of its conversation,
 * as WhatsApp's own read receipts do: an agent who saw the newest has seen the thread up to there.
 */
/** The conversations these customers' messages are in, in id order (messages not found, or the business's, left out). */
export async function inboundConversationsOf(db: DbOrTx, messageIds: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(inArray(messages.id, messageIds), eq(messages.direction, 'inbound')))
    .orderBy(messages.conversationId);
  return rows.map((row) => row.conversationId);
}

export async function markInboundRead(tx: Tx, messageIds: number[]): Promise<ReadMarked> {
  // Meta's timestamps have whole seconds: (timestamp, id) orders messages of the same second.
  const seen = await tx
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      id: messages.id,
      at: sql<string>`${messages.timestamp}::text`,
    })
    .from(messages)
    .where(and(inArray(messages.id, messageIds), eq(messages.direction, 'inbound')))
    .orderBy(messages.conversationId, desc(messages.timestamp), desc(messages.id));
  if (seen.length === 0) return { conversationIds: [], updated: [] };
  const upToSeen = or(
    ...seen.map((s) =>
      and(eq(messages.conversationId, s.conversationId), sql`(${messages.timestamp}, ${messages.id}) <= (${s.at}::timestamptz, ${s.id})`),
    ),
  );
  const updated = await tx
    .update(messages)
    .set({ readAt: new Date(), updatedAt: new Date() })
    .where(and(eq(messages.direction, 'inbound'), isNull(messages.readAt), upToSeen))
    .returning({ id: messages.id, conversationId: messages.conversationId, wamid: messages.wamid, timestamp: messages.timestamp });
  return { conversationIds: seen.map((s) => s.conversationId).sort((a, b) => a - b), updated };
}

/**
 * Recounts unread messages from the messages themselves, so the badge cannot drift. The conversations are locked
 * first, in id order (as webhook batches lock them), so the count that follows sees every message a batch committed
 * meanwhile.
 */
export async function recountUnread(tx: Tx, conversationIds: number[]): Promise<{ id: number; unreadCount: number }[]> {
  if (conversationIds.length === 0) return [];
  await lockConversations(tx, conversationIds);
  return tx
    .update(conversations)
    .set({
      unreadCount: sql`(SELECT count(*)::int FROM ${messages} m WHERE m.conversation_id = ${conversations.id} AND m.direction = 'inbound' AND m.read_at IS NULL)`,
    })
    .where(inArray(conversations.id, conversationIds))
    .returning({ id: conversations.id, unreadCount: conversations.unreadCount });
}

/**
 * After some of their messages were deleted (a cleanup), conversations name their latest message left (none, when
 * none is) and count the customer's unread messages left. The caller locked them in id order (lockConversations)
 * before deleting, so a message stored meanwhile is counted: its writer waited, or it committed before the lock.
 * The 24-hour window stays: it is Meta's, and the customer did write when they wrote.
 */
export async function settleConversationsAfterDeletion(tx: Tx, conversationIds: number[]): Promise<void> {
  if (conversationIds.length === 0) return;
  await tx.execute(sql`
    UPDATE conversations c SET last_message_id = l.id, last_message_at = l.timestamp,
      unread_count = (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.direction = 'inbound' AND m.read_at IS NULL)
    FROM unnest(${sql.param(conversationIds)}::int[]) x(id)
    LEFT JOIN LATERAL (
      SELECT m.id, m.timestamp FROM messages m WHERE m.conversation_id = x.id ORDER BY m.timestamp DESC, m.id DESC LIMIT 1
    ) l ON true
    WHERE c.id = x.id`);
}

/** Meta's id for our uploaded copy; updatedAt tells how old the upload is (Meta keeps uploads 30 days). */
export async function recordMetaMediaId(tx: Tx, mediaFileId: number, metaMediaId: string): Promise<void> {
  await tx.update(mediaFiles).set({ metaMediaId, updatedAt: new Date() }).where(eq(mediaFiles.id, mediaFileId));
}

export async function setMessageContent(tx: Tx, messageId: number, content: MessageRow['content']): Promise<void> {
  await tx.update(messages).set({ content }).where(eq(messages.id, messageId));
}
