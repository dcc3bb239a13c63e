import type { ChatMessage } from '@wac/contract/chat';
import type { MessageContent } from '@wac/contract/whatsapp-messages';
import { conflict, notFound } from '../../http/app-error.ts';
import { messageStatusEmit } from '../../whatsapp/messages/message-events.ts';
import { resetForRetry } from '../../whatsapp/messages/messages.repository.ts';
import { lockConversation } from '../agent-sessions/agent-sessions.repository.ts';
import { lockMessage, mediaOfMessages, messageWithSender } from './chat.repository.ts';
import { assertWindowOpen, type ChatDeps, dispatch, emitAll, viewMessage } from './outbound.ts';
import { sendStoredMedia } from './send-media.ts';

// What the console itself sends; templates, buttons and campaign messages are resent by their own modules.
const RESENDABLE = new Set(['text', 'image', 'video', 'audio', 'document']);

/** POST /api/retry-message/{id}: sends a failed message again, as it was, and records Meta's new id. */
export async function retryMessage(deps: ChatDeps, messageId: number): Promise<ChatMessage> {
  const queued = await deps.db.transaction(async (tx) => {
    const original = await lockMessage(tx, messageId);
    if (!original) throw notFound('Message not found');
    if (original.direction !== 'outbound' || original.status !== 'failed') throw conflict('Only failed messages can be retried');
    if (!RESENDABLE.has(original.type)) throw conflict(`A ${original.type} message cannot be retried from the chat`);
    const conversation = await lockConversation(tx, original.conversationId);
    if (!conversation) throw notFound('Conversation not found');
    assertWindowOpen(conversation.lastInboundAt);
    await deps.licence.consumeMessages(tx, 1);
    const file = original.type === 'text' ? undefined : (await mediaOfMessages(tx, [original.id])).get(original.id);
    if (original.type !== 'text' && !file?.storageKey) throw conflict('The file of this message is no longer stored; send it again');
    return { message: await resetForRetry(tx, original.id), waId: conversation.waId, file };
  });
  emitAll(deps.realtime, messageStatusEmit(queued.message));

  const { message, waId, file } = queued;
  await dispatch(deps, message.id, () =>
    file ? sendStoredMedia(deps, { message, file, waId }) : deps.client.sendText(waId, (message.content as MessageContent).text ?? ''),
  );
  const final = await messageWithSender(deps.db, message.id);
  if (!final) throw notFound('Message not found');
  return viewMessage(deps, final.message, final.senderName);
}
