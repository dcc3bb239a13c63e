import { useQuery } from '@tanstack/react-query';
import type { Flow } from '@wac/contract/flows';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { flowKeys } from './flow-query-keys';

export const fetchFlow = (id: number, signal?: AbortSignal) =>
  requestWithFallback<Flow>(`/api/flows/${id}`, 'Failed to fetch flow', { signal });

/**
 * The builder edits what it loaded: fetched afresh each time the builder opens, then not refetched behind its back (a
 * save, an activation answer the flow as it now is).
 */
export function useFlow(id: number) {
  return useQuery({
    queryKey: flowKeys.one(id),
    queryFn: ({ signal }) => fetchFlow(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    enabled: Number.isInteger(id) && id > 0,
  });
}
