import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@wac/contract/api-keys';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { apiKeyKeys } from './api-key-query-keys';

export const fetchApiKey = (id: number, signal?: AbortSignal) =>
  requestWithFallback<ApiKey>(`/api/keys/${id}`, 'Failed to fetch API key', { signal });

export function useApiKey(id: number) {
  return useQuery({
    queryKey: apiKeyKeys.one(id),
    queryFn: ({ signal }) => fetchApiKey(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
