import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { AgentSession } from '@wac/contract/agent-sessions';
import type { ChatMessage, ConversationSummary } from '@wac/contract/chat';
import type { MessageSentimentEvent } from '@wac/contract/sentiment';
import type { ContactOptOutEvent, MediaProcessedEvent, MessageStatusEvent } from '@wac/contract/whatsapp-events';
import { contactAddress } from '@wac/contract/whatsapp-user-id';
import { useMemo } from 'react';
import {
  type ConversationsData,
  findConversation,
  findHistoryMessage,
  type HistoryData,
  historyConversationId,
  markInboundRead,
  newestMessageId,
  patchConversation,
  patchHistoryConversation,
  patchMessage,
  putConversationOnTop,
  upsertMessage,
  withInboundWindow,
  withLastMessageStatus,
  withMedia,
  withMessageInList,
  withOptOut,
  withSentiments,
  withSession,
  withStatus,
} from './chat-cache-updates';
import { chatHistoryQueryKey, fetchChatHistory, historyKeyParts } from './chat-history';
import { conversationsQueryKey, listFilters, listTakesNumber } from './list-conversations';

function isSearchList(key: QueryKey): boolean {
  return Boolean(listFilters(key).search);
}

/**
 * Whether a thread not loaded yet (the customer never wrote there) may be the conversation on `phoneNumberId` of the
 * customer at `address`: its key names that customer, and that number or none (undefined: the number is not known).
 */
function mayBeThreadOf(key: QueryKey, address: string | null | undefined, phoneNumberId: string | undefined): boolean {
  const parts = historyKeyParts(key);
  if (!address || parts.phone !== address) return false;
  return phoneNumberId === undefined || parts.phoneNumberId === null || parts.phoneNumberId === phoneNumberId;
}

/** Applies live events and our own answers to every cached conversation list and history. */
export function chatCache(queryClient: QueryClient) {
  const histories = () => queryClient.getQueriesData<HistoryData>({ queryKey: chatHistoryQueryKey });
  const lists = () => queryClient.getQueriesData<ConversationsData>({ queryKey: conversationsQueryKey });
  const refetch = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey, exact: true });

  // A fetch already on its way carries a snapshot from before this event and would undo it: fetch again.
  function write<T>(queryKey: QueryKey, data: T) {
    queryClient.setQueryData(queryKey, data);
    if (queryClient.isFetching({ queryKey, exact: true })) refetch(queryKey);
  }

  function eachHistoryOf(conversationId: number, update: (data: HistoryData, key: QueryKey) => HistoryData | undefined) {
    for (const [key, data] of histories()) {
      if (!data || historyConversationId(data) !== conversationId) continue;
      const next = update(data, key);
      if (next && next !== data) write(key, next);
    }
  }

  function eachList(update: (data: ConversationsData, key: QueryKey) => ConversationsData | undefined) {
    for (const [key, data] of lists()) {
      if (!data) continue;
      const next = update(data, key);
      if (next && next !== data) write(key, next);
    }
  }

  /** The business number of a conversation some loaded list or thread holds; undefined when none does. */
  function knownNumberOf(conversationId: number): string | undefined {
    for (const [, data] of lists()) {
      const found = data && findConversation(data, conversationId);
      if (found) return found.phoneNumberId;
    }
    for (const [, data] of histories()) {
      const conversation = data?.pages[0]?.conversation;
      if (conversation?.id === conversationId) return conversation.phoneNumberId;
    }
    return undefined;
  }

  /** The lists that may hold a conversation on this number (every list when the number is not known). */
  function refetchListsFor(phoneNumberId: string | undefined) {
    for (const [key] of lists()) if (phoneNumberId === undefined || listTakesNumber(listFilters(key), phoneNumberId)) refetch(key);
  }

  /**
   * Brings in the summary of a conversation no loaded page holds, without reloading the lists: only the lists of its
   * number take it. Asked on its number when known, else as the customer's latest conversation, which must be it.
   */
  async function loadConversation(phone: string, conversationId: number, phoneNumberId: string | undefined) {
    try {
      const { conversation } = await fetchChatHistory(phone, 1, undefined, 1, phoneNumberId ?? null);
      if (!conversation) return;
      if (conversation.id !== conversationId) {
        refetchListsFor(phoneNumberId);
        return;
      }
      eachList((data, key) =>
        isSearchList(key) || !listTakesNumber(listFilters(key), conversation.phoneNumberId)
          ? undefined
          : putConversationOnTop(data, conversation),
      );
    } catch {
      refetchListsFor(phoneNumberId);
    }
  }

  return {
    /**
     * A message was received or sent: it joins its thread and its conversation moves to the top. `phone` is the
     * customer's address and `phoneNumberId` the business number, when the caller knows them (our own sends do).
     */
    addMessage(message: ChatMessage, phone?: string, phoneNumberId?: string) {
      // The thread's copy may be further along: a status event can beat the message itself.
      let furthest = message;
      eachHistoryOf(message.conversationId, (data) => {
        const next = patchHistoryConversation(upsertMessage(data, message), (c) => withInboundWindow(c, message));
        furthest = findHistoryMessage(next, message.id) ?? furthest;
        return next;
      });
      const number = phoneNumberId ?? knownNumberOf(message.conversationId);
      // A thread opened before the customer ever wrote has no conversation yet: load it once it exists.
      for (const [key, data] of histories()) if (data && !historyConversationId(data) && mayBeThreadOf(key, phone, number)) refetch(key);
      let missing = false;
      eachList((data, key) => {
        const moved = withMessageInList(data, furthest);
        if (moved) return moved;
        // A list of another number does not hold this conversation, and should not.
        if (number !== undefined && !listTakesNumber(listFilters(key), number)) return undefined;
        if (isSearchList(key)) refetch(key);
        else missing = true;
        return undefined;
      });
      if (missing && phone) void loadConversation(phone, message.conversationId, number);
      else if (missing) refetchListsFor(number);
    },

    /**
     * The business wrote in a conversation (a campaign, an API key, a colleague): one no loaded list of its number holds
     * yet goes on top, and a thread opened for its customer and number before it existed loads; the message that
     * follows moves the rest.
     */
    addConversation(conversation: ConversationSummary) {
      const { id, contact, phoneNumberId } = conversation;
      for (const [key, data] of histories()) {
        if (data && !historyConversationId(data) && mayBeThreadOf(key, contactAddress(contact), phoneNumberId)) refetch(key);
      }
      eachList((data, key) => {
        if (findConversation(data, id) || !listTakesNumber(listFilters(key), phoneNumberId)) return undefined;
        if (isSearchList(key)) refetch(key);
        else return putConversationOnTop(data, conversation);
        return undefined;
      });
    },

    applyStatus(event: MessageStatusEvent) {
      let found = false;
      eachHistoryOf(event.conversationId, (data, key) => {
        if (!findHistoryMessage(data, event.messageId)) {
          // A status for a message newer than any held beat the message here (our own send has not
          // answered yet, or an event was missed): load the thread again. Older ones are simply not loaded.
          if (event.messageId > newestMessageId(data)) refetch(key);
          return undefined;
        }
        found = true;
        return patchMessage(data, event.messageId, (m) => withStatus(m, event));
      });
      eachList((data) => patchConversation(data, event.conversationId, (c) => withLastMessageStatus(c, event)));
      return found;
    },

    applyMedia(event: MediaProcessedEvent) {
      eachHistoryOf(event.conversationId, (data) => patchMessage(data, event.messageId, (m) => withMedia(m, event.media)));
    },

    /** Customers' texts scored, or a label corrected: the open threads show the marks. */
    applySentiments(event: MessageSentimentEvent) {
      eachHistoryOf(event.conversationId, (data) => withSentiments(data, event));
    },

    applySession(session: AgentSession) {
      eachHistoryOf(session.conversationId, (data) => patchHistoryConversation(data, (c) => withSession(c, session)));
      eachList((data) => patchConversation(data, session.conversationId, (c) => withSession(c, session)));
    },

    applyOptOut(event: ContactOptOutEvent) {
      for (const [key, data] of histories()) {
        const next = data && patchHistoryConversation(data, (c) => withOptOut(c, event));
        if (next && next !== data) write(key, next);
      }
    },

    /** Another console (or this one) read the conversation: the badge follows the server's count. */
    applyRead(conversationId: number, unreadCount: number) {
      eachList((data) => patchConversation(data, conversationId, (c) => (c.unreadCount === unreadCount ? c : { ...c, unreadCount })));
      if (unreadCount === 0) eachHistoryOf(conversationId, (data) => markInboundRead(data, 'all'));
    },

    markRead(conversationId: number, messageIds: ReadonlySet<number>) {
      eachHistoryOf(conversationId, (data) => markInboundRead(data, messageIds));
    },
  };
}

export type ChatCache = ReturnType<typeof chatCache>;

export function useChatCache(): ChatCache {
  const queryClient = useQueryClient();
  return useMemo(() => chatCache(queryClient), [queryClient]);
}
