import { useQuery } from '@tanstack/react-query';
import type { apiKeyListSchema } from '@wac/contract/api-keys';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { apiKeyKeys } from './api-key-query-keys';

export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const fetchApiKeys = (signal?: AbortSignal) => requestWithFallback<ApiKeyList>('/api/keys', 'Failed to fetch API keys', { signal });

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: ({ signal }) => fetchApiKeys(signal) });
}
