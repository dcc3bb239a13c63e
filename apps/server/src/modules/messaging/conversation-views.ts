import { type ChatMessage, type ConversationSummary, serviceWindowExpiresAt } from '@wac/contract/chat';
import { type MessageContent, type MessageDirection, type MessageStatus, messagePreview } from '@wac/contract/whatsapp-messages';
import type { DbOrTx } from '../../db/database.ts';
import { toChatMedia } from './chat-media.ts';
import { toChatMessage } from './chat-message.ts';
import { type MessageWithSender, mediaOfMessages, type SummaryRow } from './conversations.repository.ts';
import type { MediaLinks } from './media-links.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toConversationSummary(row: SummaryRow): ConversationSummary {
  const type = row.lastType;
  return {
    id: row.id,
    contact: { id: row.contactId, name: row.contactName, phone: row.phone, waId: row.waId, bsuid: row.bsuid, username: row.username },
    phoneNumberId: row.phoneNumberId,
    lastMessage:
      row.lastId !== null && type !== null && row.lastTimestamp
        ? {
            id: row.lastId,
            direction: row.lastDirection as MessageDirection,
            type,
            preview: messagePreview(type, row.lastContent as MessageContent),
            status: row.lastStatus as MessageStatus,
            timestamp: row.lastTimestamp.toISOString(),
          }
        : null,
    lastMessageAt: iso(row.lastMessageAt),
    lastInboundAt: iso(row.lastInboundAt),
    windowExpiresAt: iso(serviceWindowExpiresAt(row.lastInboundAt)),
    unreadCount: row.unreadCount,
    session: {
      state: row.sessionState,
      userId: row.sessionUserId,
      username: row.sessionUsername,
      reason: row.sessionReason,
      changedAt: iso(row.sessionChangedAt),
    },
  };
}

/** Messages as the thread shows them: with the agent (or API key) who sent each and its file, in the order given. */
export async function toChatMessages(db: DbOrTx, links: MediaLinks, rows: MessageWithSender[]): Promise<ChatMessage[]> {
  const media = await mediaOfMessages(
    db,
    rows.map((r) => r.message.id),
  );
  return rows.map(({ message, senderName, apiKeyName }) => {
    const file = media.get(message.id);
    return toChatMessage(message, {
      sender: message.userId !== null && senderName !== null ? { id: message.userId, username: senderName } : null,
      apiKey: message.apiKeyId !== null && apiKeyName !== null ? { id: message.apiKeyId, name: apiKeyName } : null,
      media: file ? toChatMedia(file, links) : null,
    });
  });
}
