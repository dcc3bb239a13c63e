import type { ChatMessage } from '@wac/contract/chat';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { assertMaySendTemplate, takeOverOnSend, viewMessage } from './agent-sends.ts';
import { lockConversation } from './conversation-sessions.repository.ts';
import { lockMessage, mediaOfMessages, messageWithSender } from './conversations.repository.ts';
import { dispatch } from './dispatch.ts';
import { conversationOfMessage } from './media-files.repository.ts';
import { messageStatusEmit } from './message-events.ts';
import { type MessageRow, resetForRetry } from './messages.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { type Outbox, outboxOf } from './outbox.ts';
import { assertWindowOpen } from './queue-outbound.ts';
import { sendStoredMedia } from './send-media.ts';
import type { SessionActor } from './session-transitions.ts';
import { sendTemplateTo, type TemplateToSend } from './template-sends.ts';

/** The send to make once a retry is committed. */
type Resend = (out: Outbox) => Promise<{ wamid: string }>;

/** Checks that a failed message of another domain's type (a template) can go again as it was, and answers what to send. */
export type Resender = (content: MessageContent) => Promise<TemplateToSend>;

// What messaging itself resends; other domains' types (templates) come with their resenders (MessagingDeps.resenders).
const FREE_FORM = new Set(['text', 'image', 'video', 'audio', 'document']);

/** Text and files go again only inside the 24-hour window, as when first sent. */
async function freeFormResend(tx: Tx, deps: MessagingDeps, original: MessageRow, lastInboundAt: Date | null): Promise<Resend> {
  assertWindowOpen(lastInboundAt);
  if (original.type === 'text') return (out) => out.client.sendText(out.to, (original.content as MessageContent).text ?? '');
  const file = (await mediaOfMessages(tx, [original.id])).get(original.id);
  if (!file?.storageKey) throw conflict('The file of this message is no longer stored; send it again');
  return (out) => sendStoredMedia(deps, { message: original, file, out });
}

/** POST /api/retry-message/{id}: sends a failed message again, as it was, and records Meta's new id. */
export async function retryMessage(deps: MessagingDeps, actor: SessionActor, messageId: number): Promise<ChatMessage> {
  const queued = await inTransaction(deps.db, async (tx) => {
    const conversationId = await conversationOfMessage(tx, messageId);
    const conversation = conversationId === null ? null : await lockConversation(tx, conversationId);
    if (!conversation) throw notFound('Message not found');
    const original = await lockMessage(tx, messageId);
    if (!original) throw notFound('Message not found');
    if (original.direction !== 'outbound' || original.status !== 'failed') throw conflict('Only failed messages can be retried');
    const resender = deps.resenders.get(original.type);
    if (!resender && !FREE_FORM.has(original.type)) throw conflict(`A ${original.type} message cannot be retried from the chat`);
    const template = resender ? await resender(original.content as MessageContent) : null;
    const resend: Resend = template
      ? (out) => sendTemplateTo(deps, out, template)
      : await freeFormResend(tx, deps, original, conversation.lastInboundAt);
    // Retrying is sending again: it takes the conversation over as the send did (a template takes nothing), and is
    // refused in another agent's.
    if (original.type === 'template') assertMaySendTemplate(conversation, actor);
    else await takeOverOnSend(tx, deps, conversation, actor);
    await deps.license.consumeMessages(tx, 1);
    const message = await resetForRetry(tx, original.id);
    afterCommit(tx, () => deps.realtime.toEveryoneAll(messageStatusEmit(message)));
    await deps.numbers.assertSendable(conversation.phoneNumberId);
    return { message, out: outboxOf(deps.client, conversation), resend };
  });

  await dispatch(deps, queued.message.id, () => queued.resend(queued.out));
  const final = await messageWithSender(deps.db, queued.message.id);
  if (!final) throw notFound('Message not found');
  return viewMessage(deps, final);
}
