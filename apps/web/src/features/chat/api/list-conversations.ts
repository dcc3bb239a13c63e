import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSummary, conversationsResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ConversationsPage = z.infer<typeof conversationsResponseSchema>;

export const CONVERSATIONS_PAGE_SIZE = 30;

/** Every conversation list (any search) starts with this key, so live updates reach all of them. */
export const conversationsQueryKey = ['chat', 'conversations'] as const;

export function fetchConversations(search: string, page: number, signal?: AbortSignal): Promise<ConversationsPage> {
  return apiRequest<ConversationsPage>('/api/agent/conversations', {
    query: { page, limit: CONVERSATIONS_PAGE_SIZE, search: search.trim() },
    signal,
  });
}

/** Newest activity first, one page of 30 at a time as the list is scrolled. */
export function useConversations(search: string) {
  return useInfiniteQuery({
    queryKey: [...conversationsQueryKey, { search: search.trim() }],
    queryFn: ({ pageParam, signal }) => fetchConversations(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ConversationsPage) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
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
