import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ConversationSummary } from '@wac/contract/chat';
import type { ChatHistoryPage } from './api/chat-history';
import type { ConversationsPage } from './api/list-conversations';

// Shapes exactly as the server answers them, for the chat feature's unit tests.

export function message(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversationId: 1,
    wamid: `wamid.${id}`,
    direction: 'inbound',
    type: 'text',
    content: { text: `message ${id}` },
    status: 'received',
    timestamp: new Date(Date.UTC(2025, 5, 1, 10, id)).toISOString(),
    sentAt: null,
    deliveredAt: null,
    readAt: null,
    failedAt: null,
    error: null,
    retryCount: 0,
    sender: null,
    apiKey: null,
    media: null,
    sentiment: null,
    ...over,
  };
}

export function outbound(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return message(id, { direction: 'outbound', status: 'sent', sender: { id: 7, username: 'amy' }, ...over });
}

/** A conversation with a customer known by number (the cache's key), so tests may use contact.phone as that key. */
type NumberedConversation = ConversationSummary & { contact: { phone: string } };

export function conversation(id: number, over: Partial<ConversationSummary> = {}): NumberedConversation {
  const phone = `5511900000${String(id).padStart(3, '0')}`;
  const made: ConversationSummary = {
    id,
    contact: { id: id * 10, name: `Customer ${id}`, phone, waId: '', bsuid: null, username: null },
    phoneNumberId: '100000000000001',
    lastMessage: null,
    lastMessageAt: new Date(Date.UTC(2025, 5, 1, 9, id)).toISOString(),
    lastInboundAt: null,
    windowExpiresAt: null,
    unreadCount: 0,
    session: { state: 'bot', userId: null, username: null, reason: null, changedAt: null },
    ...over,
  };
  return { ...made, contact: { ...made.contact, phone: made.contact.phone ?? phone } };
}

export function conversationsData(...pages: ConversationSummary[][]): InfiniteData<ConversationsPage, string | null> {
  const cursorAfter = (i: number) => (i < pages.length - 1 ? `after-page-${i + 1}` : null);
  return {
    pages: pages.map((conversations, i) => ({
      conversations,
      pagination: { page: i + 1, limit: 30, total: pages.flat().length, totalPages: pages.length },
      nextCursor: cursorAfter(i),
    })),
    pageParams: pages.map((_, i) => (i === 0 ? null : cursorAfter(i - 1))),
  };
}

/** Pages newest first, each oldest first, as GET /api/agent/chat/{phone} pages them. */
export function historyData(summary: ConversationSummary | null, ...pages: ChatMessage[][]): InfiniteData<ChatHistoryPage, number> {
  return {
    pages: pages.map((messages, i) => ({
      conversation: summary && { ...summary, optedOut: false, marketingOptedOut: false },
      messages,
      pagination: { page: i + 1, limit: 50, total: pages.flat().length, totalPages: pages.length },
    })),
    pageParams: pages.map((_, i) => i + 1),
  };
}
