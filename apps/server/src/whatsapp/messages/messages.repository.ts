import {
  advanceStatus,
  type DeliveryStatus,
  type MessageContent,
  type MessageError,
  type MessageStatus,
} from '@wac/contract/whatsapp-messages';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { contacts, conversations, earlyStatuses, messages } from '../../db/schema.ts';

/** A transaction: statuses and message inserts take per-wamid locks that last until it ends. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

// Two-key advisory locks live apart from the one-key migration lock.
const WAMID_LOCK_SPACE = 7702;
const EARLY_STATUS_TTL_DAYS = 7;

const STATUS_TIME = { sent: 'sentAt', delivered: 'deliveredAt', read: 'readAt', failed: 'failedAt' } as const;

export interface StatusInput {
  wamid: string;
  status: DeliveryStatus;
  timestamp: Date;
  error: MessageError | null;
}

export interface StatusResult {
  message: MessageRow;
  changed: boolean;
}

/** Serialises everything that touches one wamid, so a status and its message never miss each other. */
async function lockWamid(tx: Tx, wamid: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WAMID_LOCK_SPACE}, hashtext(${wamid}))`);
}

export async function upsertContact(tx: Tx, input: { phone: string; waId: string; name: string | null }): Promise<ContactRow> {
  const [changed] = await tx
    .insert(contacts)
    .values(input)
    .onConflictDoUpdate({
      target: contacts.phone,
      set: { waId: sql`excluded.wa_id`, name: sql`coalesce(excluded.name, ${contacts.name})`, updatedAt: sql`now()` },
      // Most messages come from known contacts: skip the write when nothing changed.
      setWhere: sql`${contacts.waId} <> excluded.wa_id OR (excluded.name IS NOT NULL AND ${contacts.name} IS DISTINCT FROM excluded.name)`,
    })
    .returning();
  if (changed) return changed;
  const [existing] = await tx.select().from(contacts).where(eq(contacts.phone, input.phone));
  if (!existing) throw new Error(`contact ${input.phone} vanished`);
  return existing;
}

export async function upsertConversation(tx: Tx, contactId: number, phoneNumberId: string): Promise<number> {
  const [inserted] = await tx
    .insert(conversations)
    .values({ contactId, phoneNumberId })
    .onConflictDoNothing({ target: [conversations.contactId, conversations.phoneNumberId] })
    .returning({ id: conversations.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.contactId, contactId), eq(conversations.phoneNumberId, phoneNumberId)));
  if (!existing) throw new Error(`conversation of contact ${contactId} vanished`);
  return existing.id;
}

/** Messages may be stored out of order: the latest by time stays the conversation's last message. */
async function touchConversation(tx: Tx, message: MessageRow): Promise<void> {
  const inbound = message.direction === 'inbound';
  await tx
    .update(conversations)
    .set({
      lastMessageId: sql`CASE WHEN ${conversations.lastMessageAt} IS NULL OR ${message.timestamp} >= ${conversations.lastMessageAt} THEN ${message.id} ELSE ${conversations.lastMessageId} END`,
      lastMessageAt: sql`GREATEST(${conversations.lastMessageAt}, ${message.timestamp})`,
      ...(inbound
        ? {
            lastInboundAt: sql`GREATEST(${conversations.lastInboundAt}, ${message.timestamp})`,
            unreadCount: sql`${conversations.unreadCount} + 1`,
          }
        : {}),
    })
    .where(eq(conversations.id, message.conversationId));
}

export interface NewInbound {
  conversationId: number;
  wamid: string;
  type: string;
  content: MessageContent;
  timestamp: Date;
  error: MessageError | null;
}

/** Stores a customer's message once; null when this wamid was stored before (Meta delivers at least once). */
export async function insertInbound(tx: Tx, input: NewInbound): Promise<MessageRow | null> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      wamid: input.wamid,
      direction: 'inbound',
      type: input.type,
      content: input.content,
      status: 'received',
      timestamp: input.timestamp,
      errorCode: input.error?.code ?? null,
      errorTitle: input.error?.title ?? null,
      errorDetails: input.error?.details ?? null,
    })
    .onConflictDoNothing({ target: messages.wamid })
    .returning();
  if (!row) return null;
  await touchConversation(tx, row);
  return row;
}

async function updateStatus(tx: Tx, current: MessageRow, input: StatusInput): Promise<StatusResult> {
  const next = advanceStatus(current.status as MessageStatus, input.status);
  const timeField = STATUS_TIME[input.status];
  const set: Partial<MessageRow> = {};
  // Each status keeps the time Meta first reported it, even when a later status already overtook it.
  if (!current[timeField]) set[timeField] = input.timestamp;
  if (next !== current.status) set.status = next;
  if (next === 'failed' && current.status !== 'failed') {
    set.errorCode = input.error?.code ?? null;
    set.errorTitle = input.error?.title ?? null;
    set.errorDetails = input.error?.details ?? null;
  }
  if (Object.keys(set).length === 0) return { message: current, changed: false };
  const [updated] = await tx
    .update(messages)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(messages.id, current.id))
    .returning();
  return { message: updated ?? current, changed: next !== current.status };
}

/** Applies a delivery status; when its message is not stored yet the status is kept for it (null). */
export async function applyStatus(tx: Tx, input: StatusInput): Promise<StatusResult | null> {
  await lockWamid(tx, input.wamid);
  const [current] = await tx.select().from(messages).where(eq(messages.wamid, input.wamid)).for('update');
  if (current) return updateStatus(tx, current, input);
  await tx
    .insert(earlyStatuses)
    .values({ wamid: input.wamid, status: input.status, timestamp: input.timestamp, errors: input.error })
    .onConflictDoNothing();
  return null;
}

async function applyEarlyStatuses(tx: Tx, message: MessageRow): Promise<StatusResult> {
  if (!message.wamid) return { message, changed: false };
  const early = await tx.delete(earlyStatuses).where(eq(earlyStatuses.wamid, message.wamid)).returning();
  let result: StatusResult = { message, changed: false };
  for (const status of early.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime())) {
    const applied = await updateStatus(tx, result.message, {
      wamid: status.wamid,
      status: status.status as DeliveryStatus,
      timestamp: status.timestamp,
      error: status.errors as MessageError | null,
    });
    result = { message: applied.message, changed: result.changed || applied.changed };
  }
  return result;
}

export interface NewOutbound {
  conversationId: number;
  wamid: string | null;
  type: string;
  content: MessageContent;
  userId?: number | null;
  timestamp?: Date;
  /** Template messages: the template's name, what template analytics count by. */
  templateName?: string | null;
}

/** Stores a message the business sent; statuses that raced ahead of it are applied at once. */
export async function insertOutbound(tx: Tx, input: NewOutbound): Promise<StatusResult> {
  if (input.wamid) await lockWamid(tx, input.wamid);
  const [row] = await tx
    .insert(messages)
    .values({ ...input, direction: 'outbound', status: 'pending', timestamp: input.timestamp ?? new Date() })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  await touchConversation(tx, row);
  return applyEarlyStatuses(tx, row);
}

/** Records the wamid Meta gave a message stored before the send, and applies statuses that came first. */
export async function assignWamid(tx: Tx, messageId: number, wamid: string): Promise<StatusResult> {
  await lockWamid(tx, wamid);
  const [row] = await tx.update(messages).set({ wamid, updatedAt: new Date() }).where(eq(messages.id, messageId)).returning();
  if (!row) throw new Error(`message ${messageId} not found`);
  return applyEarlyStatuses(tx, row);
}

/**
 * Safety net for the periodic sweep: applies kept statuses whose message exists by now, and forgets
 * those for messages this install never stored (sent from another app on the same number).
 */
export async function sweepEarlyStatuses(tx: Tx): Promise<StatusResult[]> {
  await tx.delete(earlyStatuses).where(lt(earlyStatuses.receivedAt, sql`now() - make_interval(days => ${EARLY_STATUS_TTL_DAYS})`));
  const stranded = await tx
    .selectDistinct({ wamid: earlyStatuses.wamid })
    .from(earlyStatuses)
    .innerJoin(messages, eq(messages.wamid, earlyStatuses.wamid))
    .limit(100);
  const results: StatusResult[] = [];
  for (const { wamid } of stranded) {
    await lockWamid(tx, wamid);
    const [message] = await tx.select().from(messages).where(eq(messages.wamid, wamid)).for('update');
    if (message) results.push(await applyEarlyStatuses(tx, message));
  }
  return results.filter((r) => r.changed);
}

/**
 * The contact an agent writes to: created when new, but an existing contact keeps the number and
 * name WhatsApp reported (an agent's typing must not override where Meta delivers).
 */
export async function findOrCreateContact(tx: Tx, input: { phone: string; waId: string; name: string | null }): Promise<ContactRow> {
  const [inserted] = await tx.insert(contacts).values(input).onConflictDoNothing({ target: contacts.phone }).returning();
  if (inserted) return inserted;
  const [existing] = await tx.select().from(contacts).where(eq(contacts.phone, input.phone));
  if (!existing) throw new Error(`contact ${input.phone} vanished`);
  if (existing.name || !input.name) return existing;
  const [named] = await tx
    .update(contacts)
    .set({ name: input.name, updatedAt: new Date() })
    .where(eq(contacts.id, existing.id))
    .returning();
  return named ?? existing;
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
