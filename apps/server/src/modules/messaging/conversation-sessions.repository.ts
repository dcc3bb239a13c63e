import type { AgentSession, SessionState } from '@wac/contract/agent-sessions';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { contacts, conversations, users } from '../../db/schema.ts';

/** A conversation as the session rules and the send path see it. */
export interface ConversationSession {
  conversationId: number;
  phone: string;
  /** Where WhatsApp delivers to this contact. */
  waId: string;
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
  phone: contacts.phone,
  waId: contacts.waId,
  contactName: contacts.name,
  state: conversations.sessionState,
  userId: conversations.sessionUserId,
  username: users.username,
  reason: conversations.sessionReason,
  changedAt: conversations.sessionChangedAt,
  lastInboundAt: conversations.lastInboundAt,
};

function selectSession(db: DbOrTx, conversationId: number) {
  return db
    .select(columns)
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(users, eq(users.id, conversations.sessionUserId))
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

export async function setSession(
  tx: Tx,
  conversationId: number,
  session: { state: SessionState; userId: number | null; reason: string | null },
): Promise<Date> {
  const changedAt = new Date();
  await tx
    .update(conversations)
    .set({ sessionState: session.state, sessionUserId: session.userId, sessionReason: session.reason, sessionChangedAt: changedAt })
    .where(eq(conversations.id, conversationId));
  return changedAt;
}

export const CUSTOMER_RETURNED_REASON = 'customer_returned';

/** Customers writing into ended conversations start new ones with the bot; the new sessions, for those that were ended. */
export async function reopenEndedSessions(tx: Tx, reopen: { conversationId: number; phone: string }[]): Promise<AgentSession[]> {
  if (reopen.length === 0) return [];
  const rows = await tx
    .update(conversations)
    .set({ sessionState: 'bot', sessionUserId: null, sessionReason: CUSTOMER_RETURNED_REASON, sessionChangedAt: new Date() })
    .where(
      and(
        inArray(
          conversations.id,
          reopen.map((r) => r.conversationId),
        ),
        eq(conversations.sessionState, 'ended'),
      ),
    )
    .returning({ conversationId: conversations.id, changedAt: conversations.sessionChangedAt });
  const phones = new Map(reopen.map((r) => [r.conversationId, r.phone]));
  return rows.map(({ conversationId, changedAt }) => ({
    conversationId,
    phone: phones.get(conversationId) ?? '',
    state: 'bot',
    userId: null,
    username: null,
    reason: CUSTOMER_RETURNED_REASON,
    changedAt: changedAt?.toISOString() ?? null,
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
