import type { AgentSession, SessionState } from '@wac/contract/agent-sessions';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { contacts, conversations } from '../../db/schema.ts';
import { equalsAny } from '../../db/unnest-rows.ts';
import { userJoin } from '../accounts/index.ts';
import { contactAddressColumn } from './contacts.repository.ts';

const holder = userJoin(conversations.sessionUserId);

/** A conversation as the session rules and the send path see it. */
export interface ConversationSession {
  conversationId: number;
  /** The customer's number, or their BSUID while no number is known (contactAddress). */
  phone: string;
  /** Where WhatsApp delivers to this contact. */
  waId: string;
  /** The business number the conversation belongs to: everything sent in it leaves from there. */
  phoneNumberId: string;
  contactName: string | null;
  state: SessionState;
  userId: number | null;
  username: string | null;
  reason: string | null;
  changedAt: Date | null;
  lastInboundAt: Date | null;
}

const columns = {
  conversationId: conversations.id,
  phone: contactAddressColumn,
  waId: contacts.waId,
  phoneNumberId: conversations.phoneNumberId,
  contactName: contacts.name,
  state: conversations.sessionState,
  userId: conversations.sessionUserId,
  username: holder.username,
  reason: conversations.sessionReason,
  changedAt: conversations.sessionChangedAt,
  lastInboundAt: conversations.lastInboundAt,
};

function selectSession(db: DbOrTx, conversationId: number) {
  return db
    .select(columns)
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(holder.table, holder.on)
    .where(eq(conversations.id, conversationId));
}

export async function findSession(db: DbOrTx, conversationId: number): Promise<ConversationSession | null> {
  const [row] = await selectSession(db, conversationId);
  return row ? { ...row, state: row.state } : null;
}

/**
 * Holds the conversation's row until the transaction ends, so racing agents take turns, then reads it.
 * Two statements: a locking join would pair the row a winner just committed with its old holder.
 */
export async function lockConversation(tx: Tx, conversationId: number): Promise<ConversationSession | null> {
  const [locked] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for('update');
  return locked ? findSession(tx, conversationId) : null;
}

/** Many conversations as the session rules see them, by id; ids not found are left out. */
export async function findSessions(db: DbOrTx, conversationIds: readonly number[]): Promise<Map<number, ConversationSession>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(holder.table, holder.on)
    .where(equalsAny(conversations.id, 'int', conversationIds));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/**
 * Holds conversations for bots' turns (in id order, as every writer of several conversations locks them), then reads
 * them: agents' takeovers and sends (FOR UPDATE) wait for the turns to commit, while customers' messages still land
 * in them (their updates take a weaker lock than this one blocks).
 */
export async function holdConversationsForBot(tx: Tx, conversationIds: readonly number[]): Promise<Map<number, ConversationSession>> {
  if (conversationIds.length === 0) return new Map();
  // One statement: the bot reads nothing of the holder a takeover may have just changed (the username stays null).
  const rows = await tx
    .select({ ...columns, username: sql<string | null>`NULL` })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(equalsAny(conversations.id, 'int', conversationIds))
    .orderBy(asc(conversations.id))
    .for('key share', { of: conversations });
  return new Map(rows.map((row) => [row.conversationId, row]));
}

type SessionMove = { state: SessionState; userId: number | null; reason: string | null };

/**
 * Moves conversations' sessions and logs each move in conversation_session_changes in the same statement (from the
 * state it held, locked as an UPDATE locks it, so customers' messages still land beside it), both stamped `changedAt`.
 */
async function moveSessions(tx: Tx, conversationIds: readonly number[], session: SessionMove, changedAt: Date): Promise<void> {
  await tx.execute(sql`
    WITH old AS (
      SELECT id, session_state FROM conversations WHERE ${equalsAny(conversations.id, 'int', conversationIds)}
      ORDER BY id FOR NO KEY UPDATE
    ), moved AS (
      UPDATE conversations c
      SET session_state = ${session.state}, session_user_id = ${session.userId}, session_reason = ${session.reason},
        session_changed_at = ${changedAt.toISOString()}::timestamptz
      FROM old WHERE c.id = old.id
      RETURNING c.id, old.session_state AS from_state
    )
    INSERT INTO conversation_session_changes (conversation_id, from_state, to_state, reason, user_id, changed_at)
    SELECT id, from_state, ${session.state}, ${session.reason}, ${session.userId}, ${changedAt.toISOString()}::timestamptz FROM moved`);
}

export async function setSession(tx: Tx, conversationId: number, session: SessionMove): Promise<Date> {
  const changedAt = new Date();
  await moveSessions(tx, [conversationId], session, changedAt);
  return changedAt;
}

/** Moves many conversations to the same session state at once; answers when. */
export async function setSessions(tx: Tx, conversationIds: readonly number[], session: SessionMove): Promise<Date> {
  const changedAt = new Date();
  if (conversationIds.length === 0) return changedAt;
  await moveSessions(tx, conversationIds, session, changedAt);
  return changedAt;
}

export const CUSTOMER_RETURNED_REASON = 'customer_returned';

/**
 * Customers writing into ended conversations start new ones with the bot; the new sessions, for those that were ended.
 * Each reopening is logged in conversation_session_changes (ended to bot, customer_returned) in the same statement.
 */
export async function reopenEndedSessions(tx: Tx, reopen: { conversationId: number; phone: string }[]): Promise<AgentSession[]> {
  if (reopen.length === 0) return [];
  const changedAt = new Date();
  const { rows } = await tx.execute<{ conversation_id: number }>(sql`
    WITH moved AS (
      UPDATE conversations
      SET session_state = 'bot', session_user_id = NULL, session_reason = ${CUSTOMER_RETURNED_REASON},
        session_changed_at = ${changedAt.toISOString()}::timestamptz
      WHERE ${equalsAny(
        conversations.id,
        'int',
        reopen.map((r) => r.conversationId),
      )} AND session_state = 'ended'
      RETURNING id
    )
    INSERT INTO conversation_session_changes (conversation_id, from_state, to_state, reason, changed_at)
    SELECT id, 'ended', 'bot', ${CUSTOMER_RETURNED_REASON}, ${changedAt.toISOString()}::timestamptz FROM moved
    RETURNING conversation_id`);
  const phones = new Map(reopen.map((r) => [r.conversationId, r.phone]));
  return rows.map(({ conversation_id: conversationId }) => ({
    conversationId,
    phone: phones.get(conversationId) ?? '',
    state: 'bot',
    userId: null,
    username: null,
    reason: CUSTOMER_RETURNED_REASON,
    changedAt: changedAt.toISOString(),
  }));
}

/** While an agent holds a conversation no bot answers in it: bot flows ask this before replying. */
export async function isHeldByAgent(db: DbOrTx, conversationId: number): Promise<boolean> {
  const [row] = await db.select({ state: conversations.sessionState }).from(conversations).where(eq(conversations.id, conversationId));
  return row?.state === 'agent';
}

export function toAgentSession(s: ConversationSession): AgentSession {
  return {
    conversationId: s.conversationId,
    phone: s.phone,
    state: s.state,
    userId: s.userId,
    username: s.username,
    reason: s.reason,
    changedAt: s.changedAt?.toISOString() ?? null,
  };
}

/** Conversations the bot may still write in: it holds them, or handed them to agents none of whom took them yet. */
export async function writableByBot(db: DbOrTx, conversationIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      sql`${equalsAny(conversations.id, 'int', conversationIds)} AND (${conversations.sessionState} = 'bot' OR (${conversations.sessionState} = 'agent' AND ${conversations.sessionUserId} IS NULL))`,
    );
  return new Set(rows.map((row) => row.id));
}
