import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Flow, FlowVersion, flowVersionListSchema } from '@wac/contract/flows';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { flowKeys } from './flow-query-keys';

export type FlowVersionList = z.infer<typeof flowVersionListSchema>;

export function useFlowVersions(id: number) {
  return useQuery({
    queryKey: flowKeys.versions(id),
    queryFn: ({ signal }) => requestWithFallback<FlowVersionList>(`/api/flows/${id}/versions`, 'Failed to fetch versions', { signal }),
  });
}

/** A saved version never changes: fetched once. */
export function useFlowVersion(id: number, version: number | null) {
  return useQuery({
    queryKey: flowKeys.version(id, version ?? 0),
    queryFn: ({ signal }) =>
      requestWithFallback<FlowVersion>(`/api/flows/${id}/versions/${version}`, 'Failed to fetch version', { signal }),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      requestWithFallback<Flow>(`/api/flows/${id}/versions/${version}/restore`, 'Failed to restore version', { method: 'POST' }),
    onSuccess: (flow) => {
      queryClient.setQueryData(flowKeys.one(flow.id), flow);
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists });
      void queryClient.invalidateQueries({ queryKey: flowKeys.versions(flow.id) });
    },
  });
}
