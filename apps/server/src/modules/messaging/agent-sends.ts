import { DEFAULT_TAKEOVER_REASON } from '@wac/contract/agent-sessions';
import type { ChatMessage } from '@wac/contract/chat';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { Tx } from '../../db/database.ts';
import { type ConversationSession, lockConversation } from './conversation-sessions.repository.ts';
import { toChatMessages } from './conversation-views.ts';
import { dispatch } from './dispatch.ts';
import { upsertConversation } from './inbound-messages.repository.ts';
import { findOrCreateContact, type MessageRow } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import type { Recipient } from './queue-outbound.ts';
import { assertNotHeldByOther, type SessionActor, transitionSession } from './session-transitions.ts';

/** The conversation an agent writes into, created for a new contact, and locked until the transaction ends. */
export async function openConversation(tx: Tx, deps: MessagingDeps, recipient: Recipient): Promise<ConversationSession> {
  const contact = await findOrCreateContact(tx, recipient);
  const conversationId = await upsertConversation(tx, contact.id, deps.phoneNumberId);
  const conversation = await lockConversation(tx, conversationId);
  if (!conversation) throw new Error(`conversation ${conversationId} vanished`);
  return conversation;
}

/**
 * An agent writing in a conversation the bot (or nobody) has takes it over; one another agent holds takes only an
 * admin's message (the admin writes without taking it). Announced once the caller's transaction commits.
 */
export async function takeOverOnSend(tx: Tx, deps: MessagingDeps, conversation: ConversationSession, actor: SessionActor): Promise<void> {
  assertNotHeldByOther(conversation, actor);
  if (conversation.state === 'agent') return;
  await transitionSession(tx, deps, { conversation, action: 'takeover', actor, reason: DEFAULT_TAKEOVER_REASON });
}

export async function viewMessage(deps: MessagingDeps, message: MessageRow, senderName: string | null): Promise<ChatMessage> {
  const [view] = await toChatMessages(deps.db, deps.links, [{ message, senderName }]);
  if (!view) throw new Error(`message ${message.id} has no view`);
  return view;
}

/** After commit: every console shows the pending message at once, then it goes to Meta; answers with where it ended. */
export async function deliverAgentMessage(
  deps: MessagingDeps,
  message: MessageRow,
  actor: SessionActor,
  send: () => Promise<{ wamid: string }>,
): Promise<ChatMessage> {
  const pending = await viewMessage(deps, message, actor.username);
  deps.realtime.toEveryone(whatsappEventNames.agentMessageSent, { conversationId: message.conversationId, message: pending });
  return viewMessage(deps, await dispatch(deps, message.id, send), actor.username);
}
