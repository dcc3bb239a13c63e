import { type AgentSession, DEFAULT_END_REASON, DEFAULT_TAKEOVER_REASON } from '@wac/contract/agent-sessions';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import { deliverAgentMessage } from './agent-sends.ts';
import { type ConversationSession, findSession, lockConversation, toAgentSession } from './conversation-sessions.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { outboxOf } from './outbox.ts';
import { queueAgentMessage } from './queue-outbound.ts';
import { RETURN_TO_BOT_REASON, type SessionActor, transitionSession } from './session-transitions.ts';

async function locked(tx: Tx, conversationId: number): Promise<ConversationSession> {
  const conversation = await lockConversation(tx, conversationId);
  if (!conversation) throw notFound('Conversation not found');
  return conversation;
}

export async function getSession(deps: MessagingDeps, conversationId: number): Promise<AgentSession> {
  const found = await findSession(deps.db, conversationId);
  if (!found) throw notFound('Conversation not found');
  return toAgentSession(found);
}

/** From the bot, an ended conversation, or (with a confirmation naming them) a colleague, who is told. */
export async function takeOver(
  deps: MessagingDeps,
  actor: SessionActor,
  conversationId: number,
  body: { reason?: string; confirmHolderId?: number },
): Promise<AgentSession> {
  const result = await inTransaction(deps.db, async (tx) =>
    transitionSession(tx, deps, {
      conversation: await locked(tx, conversationId),
      action: 'takeover',
      actor,
      reason: body.reason ?? DEFAULT_TAKEOVER_REASON,
      confirmHolderId: body.confirmHolderId,
    }),
  );
  return result.session;
}

export async function returnToBot(deps: MessagingDeps, actor: SessionActor, conversationId: number): Promise<AgentSession> {
  const result = await inTransaction(deps.db, async (tx) =>
    transitionSession(tx, deps, {
      conversation: await locked(tx, conversationId),
      action: 'return_to_bot',
      actor,
      reason: RETURN_TO_BOT_REASON,
    }),
  );
  return result.session;
}

/** Ends the session, optionally with a closing message; outside the service window neither happens. */
export async function endSession(
  deps: MessagingDeps,
  actor: SessionActor,
  conversationId: number,
  body: { reason?: string; sendMessage: boolean; message?: string },
): Promise<AgentSession> {
  const text = body.sendMessage ? body.message : undefined;
  const { result, closing, out } = await inTransaction(deps.db, async (tx) => {
    const conversation = await locked(tx, conversationId);
    const result = await transitionSession(tx, deps, { conversation, action: 'end', actor, reason: body.reason ?? DEFAULT_END_REASON });
    const closing = text ? await queueAgentMessage(tx, deps, conversation, actor, { type: 'text', content: { text } }) : null;
    return { result, closing, out: outboxOf(deps.client, conversation) };
  });
  if (closing && text) await deliverAgentMessage(deps, closing, actor, () => out.client.sendText(out.to, text));
  return result.session;
}
