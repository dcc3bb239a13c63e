import type { MessageReceivedEvent, MessageStatusEvent } from '@wac/contract/whatsapp-events';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { type MediaKind, type MessageContent, mediaKinds, messagePreview } from '@wac/contract/whatsapp-messages';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { toChatMessage } from './chat-message.ts';
import type { ContactRow, MessageRow } from './messages.repository.ts';

/** A customer's message just stored, as the consoles and other domains (outbound webhooks) are told of it. */
export function messageReceivedEvent(message: MessageRow, contact: ContactRow): MessageReceivedEvent {
  const type = message.type;
  const content = message.content as MessageContent;
  return {
    messageId: message.id,
    wamid: message.wamid ?? '',
    conversationId: message.conversationId,
    contactId: contact.id,
    from: { name: contact.name, phone: contact.phone, bsuid: contact.bsuid, username: contact.username },
    type,
    content: {
      text: messagePreview(type, content),
      mediaType: (mediaKinds as readonly string[]).includes(type) ? (type as MediaKind) : null,
    },
    timestamp: message.timestamp.toISOString(),
    message: toChatMessage(message),
  };
}

/** A message's status as it now is, with the time Meta gave for it. */
export function messageStatusEvent(message: MessageRow): MessageStatusEvent {
  const status = message.status;
  const at = { sent: message.sentAt, delivered: message.deliveredAt, read: message.readAt, failed: message.failedAt }[status as 'sent'];
  return {
    messageId: message.id,
    wamid: message.wamid ?? '',
    conversationId: message.conversationId,
    status,
    timestamp: (at ?? message.updatedAt).toISOString(),
    error: status === 'failed' ? { code: message.errorCode, title: message.errorTitle, details: message.errorDetails } : null,
  };
}

export function messageStatusEmit(message: MessageRow): RealtimeEmit[] {
  return statusEventEmits(messageStatusEvent(message));
}

/** Spec 4 names two status events; both go out with the same payload. */
export function statusEventEmits(payload: MessageStatusEvent): RealtimeEmit[] {
  return [
    { event: whatsappEventNames.messageStatusUpdate, payload },
    { event: whatsappEventNames.messageStatus, payload },
  ];
}
