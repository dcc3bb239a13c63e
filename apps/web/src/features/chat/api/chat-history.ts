import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage, chatHistoryResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ChatHistoryPage = z.infer<typeof chatHistoryResponseSchema>;

export const HISTORY_PAGE_SIZE = 50;

export const chatHistoryQueryKey = ['chat', 'history'] as const;

/**
 * A customer has one conversation per business number, so a thread is keyed by the customer's address and the number
 * (null: the customer's latest conversation, whichever number it is on).
 */
export function historyQueryKey(phone: string, phoneNumberId: string | null = null) {
  return [...chatHistoryQueryKey, phone, phoneNumberId] as const;
}

/** The customer's address and the business number of a thread's key. */
export function historyKeyParts(key: readonly unknown[]): { phone: unknown; phoneNumberId: string | null } {
  return { phone: key[2], phoneNumberId: typeof key[3] === 'string' ? key[3] : null };
}

export function fetchChatHistory(
  phone: string,
  page: number,
  signal?: AbortSignal,
  limit = HISTORY_PAGE_SIZE,
  phoneNumberId: string | null = null,
): Promise<ChatHistoryPage> {
  return apiRequest<ChatHistoryPage>(`/api/agent/chat/${encodeURIComponent(phone)}`, {
    query: { page, limit, phoneNumberId },
    signal,
  });
}

/** Page 1 is the newest 50 messages; each next page goes further back in time. */
export function useChatHistory(phone: string, phoneNumberId: string | null = null, enabled = true) {
  return useInfiniteQuery({
    queryKey: historyQueryKey(phone, phoneNumberId),
    queryFn: ({ pageParam, signal }) => fetchChatHistory(phone, pageParam, signal, HISTORY_PAGE_SIZE, phoneNumberId),
    enabled,
    initialPageParam: 1,
    getNextPageParam: (last: ChatHistoryPage) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
  });
}

/**
 * Oldest first across the loaded pages. Offset pages overlap when messages arrive between two
 * loads (everything shifts back), so a message already seen is skipped.
 */
export function flattenHistory(pages: readonly ChatHistoryPage[] | undefined): ChatMessage[] {
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (let i = (pages?.length ?? 0) - 1; i >= 0; i--) {
    for (const message of pages?.[i]?.messages ?? []) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}
