import type { MessageReceivedEvent, MessageStatusEvent } from '@wac/contract/whatsapp-events';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { type MediaKind, type MessageContent, mediaKinds, messagePreview } from '@wac/contract/whatsapp-messages';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { toChatMessage } from './chat-message.ts';
import type { ContactRow, MessageRow } from './messages.repository.ts';

export function messageReceivedEmit(message: MessageRow, contact: ContactRow): RealtimeEmit {
  const type = message.type;
  const content = message.content as MessageContent;
  const payload: MessageReceivedEvent = {
    messageId: message.id,
    wamid: message.wamid ?? '',
    conversationId: message.conversationId,
    contactId: contact.id,
    from: { name: contact.name, phone: contact.phone },
    type,
    content: {
      text: messagePreview(type, content),
      mediaType: (mediaKinds as readonly string[]).includes(type) ? (type as MediaKind) : null,
    },
    timestamp: message.timestamp.toISOString(),
    message: toChatMessage(message),
  };
  return { event: whatsappEventNames.messageReceived, payload };
}

/** Spec 4 names two status events; both go out with the same payload. */
export function messageStatusEmit(message: MessageRow): RealtimeEmit[] {
  const status = message.status;
  const at = { sent: message.sentAt, delivered: message.deliveredAt, read: message.readAt, failed: message.failedAt }[status as 'sent'];
  const payload: MessageStatusEvent = {
    messageId: message.id,
    wamid: message.wamid ?? '',
    conversationId: message.conversationId,
    status,
    timestamp: (at ?? message.updatedAt).toISOString(),
    error: status === 'failed' ? { code: message.errorCode, title: message.errorTitle, details: message.errorDetails } : null,
  };
  return [
    { event: whatsappEventNames.messageStatusUpdate, payload },
    { event: whatsappEventNames.messageStatus, payload },
  ];
}
