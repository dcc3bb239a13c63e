import { useQuery } from '@tanstack/react-query';
import type { outboxListResponseSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type OutboxList = z.infer<typeof outboxListResponseSchema>;

export const outboxQueryKey = ['settings', 'email', 'outbox'] as const;

/** The server lists newest first. */
export function fetchOutbox(signal?: AbortSignal): Promise<OutboxList> {
  return apiRequest<OutboxList>('/api/email/outbox', { query: { limit: 100 }, signal });
}

export function useOutbox() {
  return useQuery({ queryKey: outboxQueryKey, queryFn: ({ signal }) => fetchOutbox(signal) });
}
