import type { InfiniteData } from '@tanstack/react-query';
import type { AgentSession } from '@wac/contract/agent-sessions';
import {
  type ChatMedia,
  type ChatMessage,
  type ConversationSummary,
  serviceWindowExpiresAt,
  type ThreadConversation,
} from '@wac/contract/chat';
import type { MessageSentimentEvent } from '@wac/contract/sentiment';
import type { ContactOptOutEvent, MessageStatusEvent } from '@wac/contract/whatsapp-events';
import { advanceStatus, type MessageStatus, messagePreview } from '@wac/contract/whatsapp-messages';
import type { ChatHistoryPage } from './chat-history';
import type { ConversationsPage } from './list-conversations';

/*
 * Pure updates of the cached chat data for live events and for the answers of our own calls, so
 * lists change in place instead of being fetched again. Each returns its input untouched when
 * there is nothing to change.
 */

export type ConversationsData = InfiniteData<ConversationsPage, string | null>;
export type HistoryData = InfiniteData<ChatHistoryPage, number>;

/** Statuses only move forward, except that a retry takes a failed message back to pending. */
export function nextStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  if (current === 'failed' && incoming === 'pending') return 'pending';
  return advanceStatus(current, incoming);
}

/**
 * Keeps whichever copy of a message is further along: events and answers can arrive in any order.
 * A copy from a later attempt (a retry starts over with no status times or error) beats any from
 * an earlier one, which is stale.
 */
export function mergeMessage(current: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (incoming.retryCount < current.retryCount) return current;
  const status = incoming.retryCount > current.retryCount ? incoming.status : advanceStatus(current.status, incoming.status);
  // A copy from before the scorer read the text (a fetch under way, a replayed event) keeps the mark already shown.
  const kept = { media: incoming.media ?? current.media, sentiment: incoming.sentiment ?? current.sentiment };
  if (status === incoming.status) return { ...incoming, ...kept };
  const { sentAt, deliveredAt, readAt, failedAt, error } = current;
  return { ...incoming, ...kept, status, sentAt, deliveredAt, readAt, failedAt, error };
}

function mapPages<P, K>(data: InfiniteData<P, K>, update: (page: P) => P): InfiniteData<P, K> {
  let changed = false;
  const pages = data.pages.map((page) => {
    const next = update(page);
    if (next !== page) changed = true;
    return next;
  });
  return changed ? { ...data, pages } : data;
}

// --- conversation lists -----------------------------------------------------------------

export function findConversation(data: ConversationsData, conversationId: number): ConversationSummary | undefined {
  for (const page of data.pages) {
    const found = page.conversations.find((c) => c.id === conversationId);
    if (found) return found;
  }
  return undefined;
}

/** A customer message reopens the 24-hour window; the later of two inbound times wins, as on the server. */
export function withInboundWindow<C extends ConversationSummary>(conversation: C, message: ChatMessage): C {
  if (message.direction !== 'inbound') return conversation;
  if (conversation.lastInboundAt && Date.parse(conversation.lastInboundAt) >= Date.parse(message.timestamp)) return conversation;
  return {
    ...conversation,
    lastInboundAt: message.timestamp,
    windowExpiresAt: serviceWindowExpiresAt(message.timestamp)?.toISOString() ?? null,
  };
}

/**
 * What a new message does to its conversation's summary. Every customer message counts as unread
 * and moves the window, as on the server; only the newest one becomes the preview.
 */
export function withNewMessage(conversation: ConversationSummary, message: ChatMessage): ConversationSummary {
  if (conversation.lastMessage?.id === message.id) {
    return withPreviewStatus(conversation, message.id, (current) => advanceStatus(current, message.status));
  }
  const unread = message.direction === 'inbound' && message.status === 'received' ? 1 : 0;
  const counted = withInboundWindow(conversation, message);
  const updated = unread ? { ...counted, unreadCount: counted.unreadCount + unread } : counted;
  if (conversation.lastMessageAt && Date.parse(conversation.lastMessageAt) > Date.parse(message.timestamp)) return updated;
  return {
    ...updated,
    lastMessage: {
      id: message.id,
      direction: message.direction,
      type: message.type,
      preview: messagePreview(message.type, message.content),
      status: message.status,
      timestamp: message.timestamp,
    },
    lastMessageAt: message.timestamp,
  };
}

/** Puts the conversation at the top of the first page after `update`; undefined when it is not loaded. */
export function moveConversationToTop(
  data: ConversationsData,
  conversationId: number,
  update: (conversation: ConversationSummary) => ConversationSummary,
): ConversationsData | undefined {
  const current = findConversation(data, conversationId);
  if (!current) return undefined;
  const updated = update(current);
  if (updated === current) return data;
  const pages = data.pages.map((page, index) => {
    const rest = page.conversations.filter((c) => c.id !== conversationId);
    return { ...page, conversations: index === 0 ? [updated, ...rest] : rest };
  });
  return { ...data, pages };
}

/** A new message in a list: its conversation moves to the top only when the message is its newest. */
export function withMessageInList(data: ConversationsData, message: ChatMessage): ConversationsData | undefined {
  const current = findConversation(data, message.conversationId);
  if (!current) return undefined;
  const updated = withNewMessage(current, message);
  if (updated.lastMessage?.id === current.lastMessage?.id) return patchConversation(data, current.id, () => updated);
  return moveConversationToTop(data, current.id, () => updated);
}

export function patchConversation(
  data: ConversationsData,
  conversationId: number,
  update: (conversation: ConversationSummary) => ConversationSummary,
): ConversationsData {
  return mapPages(data, (page) => {
    const index = page.conversations.findIndex((c) => c.id === conversationId);
    if (index < 0) return page;
    const current = page.conversations[index] as ConversationSummary;
    const updated = update(current);
    if (updated === current) return page;
    const conversations = [...page.conversations];
    conversations[index] = updated;
    return { ...page, conversations };
  });
}

export function withSession<C extends ConversationSummary>(conversation: C, session: AgentSession): C {
  return {
    ...conversation,
    session: {
      state: session.state,
      userId: session.userId,
      username: session.username,
      reason: session.reason,
      changedAt: session.changedAt,
    },
  };
}

function withPreviewStatus(
  conversation: ConversationSummary,
  messageId: number,
  next: (current: MessageStatus) => MessageStatus,
): ConversationSummary {
  const last = conversation.lastMessage;
  if (!last || last.id !== messageId) return conversation;
  const status = next(last.status);
  return status === last.status ? conversation : { ...conversation, lastMessage: { ...last, status } };
}

export function withLastMessageStatus(conversation: ConversationSummary, event: MessageStatusEvent): ConversationSummary {
  return withPreviewStatus(conversation, event.messageId, (current) => nextStatus(current, event.status));
}

// --- a conversation's history -------------------------------------------------------------

export function historyConversationId(data: HistoryData): number | undefined {
  return data.pages[0]?.conversation?.id;
}

export function findHistoryMessage(data: HistoryData, messageId: number): ChatMessage | undefined {
  for (const page of data.pages) {
    const found = page.messages.find((m) => m.id === messageId);
    if (found) return found;
  }
  return undefined;
}

export function newestMessageId(data: HistoryData): number {
  return (data.pages[0]?.messages ?? []).reduce((max, m) => Math.max(max, m.id), 0);
}

/** Whether `a` comes after `b` in a thread: by time, then by id, as the server orders them. */
function isAfter(a: ChatMessage, b: ChatMessage): boolean {
  const byTime = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  return byTime === 0 ? a.id > b.id : byTime > 0;
}

/** Adds a message to the newest page in thread order, or merges it into the copy already there. */
export function upsertMessage(data: HistoryData, message: ChatMessage): HistoryData {
  if (findHistoryMessage(data, message.id)) return patchMessage(data, message.id, (current) => mergeMessage(current, message));
  const [first, ...older] = data.pages;
  if (!first) return data;
  const messages = [...first.messages];
  const index = messages.findIndex((m) => isAfter(m, message));
  messages.splice(index < 0 ? messages.length : index, 0, message);
  return { ...data, pages: [{ ...first, messages }, ...older] };
}

export function patchMessage(data: HistoryData, messageId: number, update: (message: ChatMessage) => ChatMessage): HistoryData {
  return mapPages(data, (page) => {
    const index = page.messages.findIndex((m) => m.id === messageId);
    if (index < 0) return page;
    const current = page.messages[index] as ChatMessage;
    const updated = update(current);
    if (updated === current) return page;
    const messages = [...page.messages];
    messages[index] = updated;
    return { ...page, messages };
  });
}

const statusTimeField = { sent: 'sentAt', delivered: 'deliveredAt', read: 'readAt', failed: 'failedAt' } as const;

export function withStatus(message: ChatMessage, event: MessageStatusEvent): ChatMessage {
  const status = nextStatus(message.status, event.status);
  // Out of order, or the same status again (it is announced under two event names).
  if (status !== event.status || status === message.status) return message;
  const field = status in statusTimeField ? statusTimeField[status as keyof typeof statusTimeField] : null;
  return {
    ...message,
    status,
    error: status === 'failed' ? event.error : status === 'pending' ? null : message.error,
    ...(field ? { [field]: event.timestamp } : {}),
  };
}

export function withMedia(message: ChatMessage, media: ChatMedia): ChatMessage {
  return { ...message, media };
}

/** Texts just scored, or a label someone corrected: each loaded message of the event takes its mark. */
export function withSentiments(data: HistoryData, event: MessageSentimentEvent): HistoryData {
  const marks = new Map(event.messages.map(({ messageId, sentiment }) => [messageId, sentiment]));
  return mapPages(data, (page) => {
    if (!page.messages.some((m) => marks.has(m.id))) return page;
    return { ...page, messages: page.messages.map((m) => (marks.has(m.id) ? { ...m, sentiment: marks.get(m.id) ?? null } : m)) };
  });
}

/** The agent has seen these inbound messages. */
export function markInboundRead(data: HistoryData, messageIds: ReadonlySet<number> | 'all'): HistoryData {
  return mapPages(data, (page) => {
    if (!page.messages.some((m) => isUnreadInbound(m) && (messageIds === 'all' || messageIds.has(m.id)))) return page;
    return {
      ...page,
      messages: page.messages.map((m) =>
        isUnreadInbound(m) && (messageIds === 'all' || messageIds.has(m.id)) ? { ...m, status: 'read' } : m,
      ),
    };
  });
}

export function isUnreadInbound(message: ChatMessage): boolean {
  return message.direction === 'inbound' && message.status === 'received';
}

export function patchHistoryConversation(data: HistoryData, update: (conversation: ThreadConversation) => ThreadConversation): HistoryData {
  return mapPages(data, (page) => {
    if (!page.conversation) return page;
    const updated = update(page.conversation);
    return updated === page.conversation ? page : { ...page, conversation: updated };
  });
}

/** The customer wrote an opt-out word (or opted back in): their thread's header says so. */
export function withOptOut(conversation: ThreadConversation, event: ContactOptOutEvent): ThreadConversation {
  if (conversation.contact.phone !== event.phone || conversation.optedOut === event.optedOut) return conversation;
  return { ...conversation, optedOut: event.optedOut };
}

/** A conversation that was not loaded yet goes on top of the first page (or moves there if it was). */
export function putConversationOnTop(data: ConversationsData, conversation: ConversationSummary): ConversationsData {
  const moved = moveConversationToTop(data, conversation.id, () => conversation);
  if (moved) return moved;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [
      {
        ...first,
        conversations: [conversation, ...first.conversations],
        pagination: { ...first.pagination, total: first.pagination.total + 1 },
      },
      ...rest,
    ],
  };
}
