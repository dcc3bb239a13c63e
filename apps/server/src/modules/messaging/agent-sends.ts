import { DEFAULT_TAKEOVER_REASON } from '@wac/contract/agent-sessions';
import type { ChatMessage } from '@wac/contract/chat';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { Tx } from '../../db/database.ts';
import { findOrCreateContact } from './contact-identities.repository.ts';
import { type ConversationSession, lockConversation } from './conversation-sessions.repository.ts';
import { toChatMessages } from './conversation-views.ts';
import type { MessageWithSender } from './conversations.repository.ts';
import { dispatch } from './dispatch.ts';
import { latestConversationNumber, upsertConversation } from './inbound-messages.repository.ts';
import type { MessageRow } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { conversationUpdatedEmits } from './outbound-message-events.ts';
import { isApiKeySender, type Recipient, type Sender } from './queue-outbound.ts';
import { assertNotHeldByOther, transitionSession } from './session-transitions.ts';

/**
 * The number a send leaves from: the one it names (`from`), else the customer's latest conversation's while that number
 * is enabled, else the first. Refused (400) when the number named is unknown or disabled.
 */
async function sendingNumber(tx: Tx, deps: MessagingDeps, contactId: number, from: string | undefined): Promise<string> {
  if (from !== undefined) return deps.numbers.sendingNumber(from);
  const latest = await latestConversationNumber(tx, contactId);
  return latest !== null && (await deps.numbers.isEnabled(latest)) ? latest : deps.numbers.firstPhoneNumberId;
}

/**
 * The conversation an agent (or a key) writes into, on the business number the send leaves from (sendingNumber),
 * created for a new contact, and locked until the transaction ends.
 */
export async function openConversation(tx: Tx, deps: MessagingDeps, recipient: Recipient, from?: string): Promise<ConversationSession> {
  const contact = await findOrCreateContact(tx, recipient);
  const conversationId = await upsertConversation(tx, contact.id, await sendingNumber(tx, deps, contact.id, from));
  const conversation = await lockConversation(tx, conversationId);
  if (!conversation) throw new Error(`conversation ${conversationId} vanished`);
  return conversation;
}

/**
 * An agent writing in a conversation the bot (or nobody) has takes it over, also one the bot handed to the agents; one another agent holds takes only an
 * admin's message (the admin writes without taking it). Announced once the caller's transaction commits.
 * An API key's message changes nothing: a shop's order update must not silence the bot or take an agent's chat.
 */
export async function takeOverOnSend(tx: Tx, deps: MessagingDeps, conversation: ConversationSession, sender: Sender): Promise<void> {
  if (isApiKeySender(sender)) return;
  assertNotHeldByOther(conversation, sender);
  // Held already (by this agent, or by a colleague an admin writes beside); one the bot handed over unclaimed is claimed.
  if (conversation.state === 'agent' && conversation.userId !== null) return;
  await transitionSession(tx, deps, { conversation, action: 'takeover', actor: sender, reason: DEFAULT_TAKEOVER_REASON });
}

/**
 * A template takes nothing over (POST /api/send-template, or its retry): the bot keeps its conversation and an agent
 * theirs. Like any message, it is refused in a conversation a colleague holds, unless an admin sends it.
 */
export function assertMaySendTemplate(conversation: ConversationSession, sender: Sender): void {
  if (!isApiKeySender(sender)) assertNotHeldByOther(conversation, sender);
}

export async function viewMessage(deps: MessagingDeps, row: MessageWithSender): Promise<ChatMessage> {
  const [view] = await toChatMessages(deps.db, deps.links, [row]);
  if (!view) throw new Error(`message ${row.message.id} has no view`);
  return view;
}

const namesOf = (sender: Sender) =>
  isApiKeySender(sender) ? { senderName: null, apiKeyName: sender.apiKey.name } : { senderName: sender.username, apiKeyName: null };

/**
 * After commit: every console shows the pending message at once (its conversation first, so lists that had not loaded
 * it, a new one included, show it too), then it goes to Meta; answers with where it ended.
 */
export async function deliverAgentMessage(
  deps: MessagingDeps,
  message: MessageRow,
  sender: Sender,
  send: () => Promise<{ wamid: string }>,
): Promise<ChatMessage> {
  const pending = await viewMessage(deps, { message, ...namesOf(sender) });
  const conversation = await conversationUpdatedEmits(deps.db, [message.conversationId]);
  deps.realtime.toEveryoneAll([
    ...conversation,
    { event: whatsappEventNames.agentMessageSent, payload: { conversationId: message.conversationId, message: pending } },
  ]);
  return viewMessage(deps, { message: await dispatch(deps, message.id, send), ...namesOf(sender) });
}
