import { isServiceWindowOpen } from '@wac/contract/chat';
import { notFound } from '../../http/app-error.ts';
import { findSession } from './conversation-sessions.repository.ts';
import { latestInboundWamid } from './conversations.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { outboxOf } from './outbox.ts';
import { assertNotHeldByOther, type SessionActor } from './session-transitions.ts';

/** Meta shows the indicator for 25 seconds: one every 20 keeps it up while the agent types, without a call per keystroke. */
export const TYPING_EVERY_MS = 20_000;

/**
 * An agent is typing in a conversation: the customer sees WhatsApp's typing indicator, which Meta sends with a read
 * receipt of their latest message, at most every 20 seconds per conversation (in this process). Nothing is sent when
 * read receipts are off (Settings), outside the 24-hour window, or when the conversation has no customer message; a
 * conversation a colleague holds refuses the agent, as writing there does (409).
 */
export function createTypingIndicator(deps: MessagingDeps) {
  const lastSent = new Map<number, number>();

  return async function agentTyping(actor: SessionActor, conversationId: number): Promise<{ sent: boolean }> {
    const conversation = await findSession(deps.db, conversationId);
    if (!conversation) throw notFound('Conversation not found');
    assertNotHeldByOther(conversation, actor);
    const now = Date.now();
    if (now - (lastSent.get(conversationId) ?? 0) < TYPING_EVERY_MS) return { sent: false };
    if (!(await deps.readReceipts()) || !isServiceWindowOpen(conversation.lastInboundAt)) return { sent: false };
    const wamid = await latestInboundWamid(deps.db, conversationId);
    if (!wamid || !(await deps.numbers.isEnabled(conversation.phoneNumberId))) return { sent: false };
    lastSent.set(conversationId, now);
    try {
      await outboxOf(deps.client, conversation).client.markRead(wamid, { typing: true });
      return { sent: true };
    } catch (err) {
      // The indicator is a courtesy: a failure is logged, and the next keystroke may try again.
      lastSent.delete(conversationId);
      deps.log.warn({ err, conversationId }, 'WhatsApp typing indicator failed');
      return { sent: false };
    }
  };
}
