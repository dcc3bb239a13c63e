import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSummary, conversationsResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ConversationsPage = z.infer<typeof conversationsResponseSchema>;

export const CONVERSATIONS_PAGE_SIZE = 30;

/** Every conversation list (any search) starts with this key, so live updates reach all of them. */
export const conversationsQueryKey = ['chat', 'conversations'] as const;

/** The first page without a cursor; each further page after the cursor of the one before. */
export function fetchConversations(search: string, cursor: string | null, signal?: AbortSignal): Promise<ConversationsPage> {
  return apiRequest<ConversationsPage>('/api/agent/conversations', {
    query: { cursor, limit: CONVERSATIONS_PAGE_SIZE, search: search.trim() },
    signal,
  });
}

/**
 * Newest activity first, one page of 30 at a time as the list is scrolled. Pages follow cursors, so a deep page costs
 * the server what the first does, and a conversation that moves to the top meanwhile does not shift the pages after.
 */
export function conversationsQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: [...conversationsQueryKey, { search: search.trim() }],
    queryFn: ({ pageParam, signal }) => fetchConversations(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationsPage) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useConversations(search: string) {
  return useInfiniteQuery(conversationsQuery(search));
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
