import { useQuery } from '@tanstack/react-query';
import type { ApiKeyUsage } from '@wac/contract/api-keys';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { apiKeyKeys } from './api-key-query-keys';

/** The days the key's chart shows. */
export const USAGE_DAYS = 30;

export function useApiKeyUsage(id: number) {
  return useQuery({
    queryKey: apiKeyKeys.usage(id),
    queryFn: ({ signal }) =>
      requestWithFallback<ApiKeyUsage>(`/api/keys/${id}/usage`, 'Failed to fetch API key usage', { query: { days: USAGE_DAYS }, signal }),
  });
}
