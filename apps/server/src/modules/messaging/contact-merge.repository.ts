import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { settleConversationsAfterDeletion } from './conversations.repository.ts';
import type { ContactRow } from './messages.repository.ts';

interface ConversationRef extends Record<string, unknown> {
  id: number;
  contactId: number;
  phoneNumberId: string;
  sessionState: string;
}

/**
 * Moves everything of one conversation into another of the same customer and number, then drops it: its messages,
 * session history, bot sessions (a live one ends where the kept conversation has its own), the bot's queue and the
 * response-time samples. The kept conversation takes the other's agent session when only the other was held, and the
 * later of their customer windows; its last message and unread count are recounted.
 */
async function mergeConversationInto(tx: Tx, keep: ConversationRef, gone: ConversationRef): Promise<void> {
  await tx.execute(sql`UPDATE messages SET conversation_id = ${keep.id} WHERE conversation_id = ${gone.id}`);
  await tx.execute(sql`UPDATE conversation_session_changes SET conversation_id = ${keep.id} WHERE conversation_id = ${gone.id}`);
  await tx.execute(sql`
    UPDATE flow_sessions SET status = 'ended', ended_at = now(), ended_reason = 'merged'
    WHERE conversation_id = ${gone.id} AND status <> 'ended'
      AND EXISTS (SELECT 1 FROM flow_sessions k WHERE k.conversation_id = ${keep.id} AND k.status <> 'ended')`);
  await tx.execute(sql`UPDATE flow_sessions SET conversation_id = ${keep.id} WHERE conversation_id = ${gone.id}`);
  await tx.execute(sql`UPDATE flow_inbox SET conversation_id = ${keep.id} WHERE conversation_id = ${gone.id}`);
  await tx.execute(sql`UPDATE analytics_response_samples SET conversation_id = ${keep.id} WHERE conversation_id = ${gone.id}`);
  const takeSession = keep.sessionState !== 'agent' && gone.sessionState === 'agent';
  await tx.execute(sql`
    UPDATE conversations k SET
      last_inbound_at = greatest(k.last_inbound_at, g.last_inbound_at),
      session_state = CASE WHEN ${takeSession} THEN g.session_state ELSE k.session_state END,
      session_user_id = CASE WHEN ${takeSession} THEN g.session_user_id ELSE k.session_user_id END,
      session_reason = CASE WHEN ${takeSession} THEN g.session_reason ELSE k.session_reason END,
      session_changed_at = CASE WHEN ${takeSession} THEN g.session_changed_at ELSE k.session_changed_at END
    FROM conversations g WHERE k.id = ${keep.id} AND g.id = ${gone.id}`);
  await tx.execute(sql`DELETE FROM conversations WHERE id = ${gone.id}`);
}

/**
 * Makes the customer known apart as `others` one contact with `keepId` (a webhook tied their BSUID to their phone
 * number): each conversation moves to the kept contact, or into its conversation on the same business number, so the
 * customer has one history per number, never two. The caller holds every contact's row lock; the others are deleted.
 */
export async function mergeContactsInto(tx: Tx, keepId: number, others: readonly ContactRow[]): Promise<void> {
  const ids = [keepId, ...others.map((other) => other.id)];
  const rows = await tx.execute<ConversationRef>(sql`
    SELECT id, contact_id AS "contactId", phone_number_id AS "phoneNumberId", session_state AS "sessionState"
    FROM conversations WHERE contact_id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`);
  const kept = new Map(rows.rows.filter((c) => c.contactId === keepId).map((c) => [c.phoneNumberId, c]));
  const settle: number[] = [];
  for (const conversation of rows.rows) {
    if (conversation.contactId === keepId) continue;
    const target = kept.get(conversation.phoneNumberId);
    if (target) {
      await mergeConversationInto(tx, target, conversation);
      settle.push(target.id);
    } else {
      await tx.execute(sql`UPDATE conversations SET contact_id = ${keepId} WHERE id = ${conversation.id}`);
      kept.set(conversation.phoneNumberId, { ...conversation, contactId: keepId });
    }
  }
  await settleConversationsAfterDeletion(tx, settle);
  await tx.execute(sql`DELETE FROM contacts WHERE id = ANY(${sql.param(others.map((o) => o.id))}::int[])`);
}
