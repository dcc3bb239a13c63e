import { useQuery } from '@tanstack/react-query';
import type { FlowAnalytics } from '@wac/contract/flows';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { flowKeys } from './flow-query-keys';

/** Fetched while the overlay is shown; refreshed every half minute as sessions run. */
export function useFlowAnalytics(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: flowKeys.analytics(id ?? 0),
    queryFn: ({ signal }) => requestWithFallback<FlowAnalytics>(`/api/flows/${id}/analytics`, 'Failed to fetch flow analytics', { signal }),
    enabled: enabled && id !== null,
    refetchInterval: 30_000,
  });
}
