import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage, outboxMessageResponseSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { outboxQueryKey } from './list-outbox';

export async function fetchOutboxMessage(id: string, signal?: AbortSignal): Promise<OutboxMessage> {
  const body = await apiRequest<z.infer<typeof outboxMessageResponseSchema>>(`/api/email/outbox/${encodeURIComponent(id)}`, { signal });
  return body.message;
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: [...outboxQueryKey, 'message', id],
    queryFn: ({ signal }) => fetchOutboxMessage(id as string, signal),
    enabled: id !== null,
  });
}
