import type { ChatMessage } from '@wac/contract/chat';
import type { BotReply } from '@wac/contract/flows';
import type { MessageContent, MessageType } from '@wac/contract/whatsapp-messages';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { InteractiveFrame } from '../../whatsapp/cloud-api-client.ts';
import { deliverAgentMessage, openConversation, takeOverOnSend } from './agent-sends.ts';
import { sendReply, storedForm } from './bot-replies.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { type Outbox, outboxOf } from './outbox.ts';
import { queueAgentMessage, recipientOf, type Sender } from './queue-outbound.ts';

/** Reply buttons or a list, as bots send them. */
export type InteractiveReply = Extract<BotReply, { type: 'buttons' | 'list' }>;

/** Whom to write to, and (optionally) from which business number: its phone-number id or display number. */
type RecipientInput = { recipientPhone: string; recipientName?: string; from?: string };

/**
 * A free-form message to a customer, inside the service window: stored pending in the customer's conversation
 * (opened for a new contact), then handed to Meta by `send` from the conversation's number.
 */
async function sendFreeForm(
  deps: MessagingDeps,
  sender: Sender,
  to: RecipientInput,
  stored: { type: MessageType; content: MessageContent },
  send: (out: Outbox) => Promise<{ wamid: string }>,
): Promise<ChatMessage> {
  const recipient = recipientOf(to.recipientPhone, to.recipientName, 'recipientPhone');
  const { message, out } = await inTransaction(deps.db, async (tx) => {
    const conversation = await openConversation(tx, deps, recipient, to.from);
    const message = await queueAgentMessage(tx, deps, conversation, sender, stored);
    await takeOverOnSend(tx, deps, conversation, sender);
    return { message, out: outboxOf(deps.client, conversation) };
  });
  return deliverAgentMessage(deps, message, sender, () => send(out));
}

/** POST /api/agent/message (and the public API's send-text). */
export function sendText(deps: MessagingDeps, sender: Sender, input: RecipientInput & { message: string }): Promise<ChatMessage> {
  return sendFreeForm(deps, sender, input, { type: 'text', content: { text: input.message } }, (out) =>
    out.client.sendText(out.to, input.message),
  );
}

/** Reply buttons or a list, with an optional header and footer (the public API's send-buttons); kept as bots' are. */
export function sendInteractive(
  deps: MessagingDeps,
  sender: Sender,
  input: RecipientInput & { reply: InteractiveReply; frame: InteractiveFrame },
): Promise<ChatMessage> {
  return sendFreeForm(deps, sender, input, storedForm(input.reply, input.frame), (out) => sendReply(out, input.reply, input.frame));
}
