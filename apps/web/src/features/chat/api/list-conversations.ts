import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSummary, conversationsResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ConversationsPage = z.infer<typeof conversationsResponseSchema>;

export const CONVERSATIONS_PAGE_SIZE = 30;

/** Every conversation list (any search, any number) starts with this key, so live updates reach all of them. */
export const conversationsQueryKey = ['chat', 'conversations'] as const;

/** What a list shows: conversations matching a search, and only those on one business number when it names one. */
export interface ConversationFilters {
  search: string;
  phoneNumberId?: string;
}

/** The filters of a list's key (the third part), as conversationsQuery put them there. */
export function listFilters(key: readonly unknown[]): ConversationFilters {
  const filters = (key[2] ?? {}) as Partial<ConversationFilters>;
  return { search: filters.search ?? '', ...(filters.phoneNumberId ? { phoneNumberId: filters.phoneNumberId } : {}) };
}

/** Whether a list with these filters holds this conversation, as far as its number goes (a search is the server's to say). */
export function listTakesNumber(filters: ConversationFilters, phoneNumberId: string): boolean {
  return !filters.phoneNumberId || filters.phoneNumberId === phoneNumberId;
}

/** The first page without a cursor; each further page after the cursor of the one before. */
export function fetchConversations(filters: ConversationFilters, cursor: string | null, signal?: AbortSignal): Promise<ConversationsPage> {
  return apiRequest<ConversationsPage>('/api/agent/conversations', {
    query: { cursor, limit: CONVERSATIONS_PAGE_SIZE, search: filters.search.trim(), phoneNumberId: filters.phoneNumberId },
    signal,
  });
}

/**
 * Newest activity first, one page of 30 at a time as the list is scrolled. Pages follow cursors, so a deep page costs
 * the server what the first does, and a conversation that moves to the top meanwhile does not shift the pages after.
 * `phoneNumberId` keeps the conversations of one business number; the key names it only then.
 */
export function conversationsQuery(search: string, phoneNumberId?: string) {
  const filters: ConversationFilters = { search: search.trim(), ...(phoneNumberId ? { phoneNumberId } : {}) };
  return infiniteQueryOptions({
    queryKey: [...conversationsQueryKey, filters],
    queryFn: ({ pageParam, signal }) => fetchConversations(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationsPage) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useConversations(search: string, phoneNumberId?: string) {
  return useInfiniteQuery(conversationsQuery(search, phoneNumberId));
}

/** The loaded pages as one list; a conversation that moved between pages while loading shows once. */
export function flattenConversations(pages: readonly ConversationsPage[] | undefined): ConversationSummary[] {
  const seen = new Set<number>();
  const out: ConversationSummary[] = [];
  for (const page of pages ?? []) {
    for (const conversation of page.conversations) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      out.push(conversation);
    }
  }
  return out;
}
