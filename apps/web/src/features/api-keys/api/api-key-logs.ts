import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { apiKeyLogListSchema } from '@wac/contract/api-keys';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { apiKeyKeys } from './api-key-query-keys';

export type ApiKeyLogList = z.infer<typeof apiKeyLogListSchema>;

/** GET /api/keys/{id}/logs as apiKeyLogQuerySchema reads it: `errors` is every status from 400 up. */
export interface ApiKeyLogsQuery {
  page: number;
  limit: number;
  status?: 'errors' | number;
  path?: string;
  from?: string;
  to?: string;
}

export const fetchApiKeyLogs = (id: number, query: ApiKeyLogsQuery, signal?: AbortSignal) =>
  requestWithFallback<ApiKeyLogList>(`/api/keys/${id}/logs`, 'Failed to fetch API key logs', { query: { ...query }, signal });

/** `enabled` false keeps the rows shown while the filters cannot be asked for (a start after the end). */
export function useApiKeyLogs(id: number, query: ApiKeyLogsQuery, enabled = true) {
  return useQuery({
    queryKey: apiKeyKeys.logs(id, query),
    queryFn: ({ signal }) => fetchApiKeyLogs(id, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
