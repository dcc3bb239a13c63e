import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow, FlowGraph } from '@wac/contract/flows';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { flowKeys } from './flow-query-keys';

export interface FlowSaveInput extends FlowGraph {
  /** Absent for a new flow. */
  id?: number;
  name: string;
  description: string;
  /** The version the builder loaded: the server refuses (409) when the flow was saved elsewhere since. */
  baseVersion?: number;
}

export function saveFlow({ id, baseVersion, ...body }: FlowSaveInput): Promise<Flow> {
  return id === undefined
    ? requestWithFallback<Flow>('/api/flows', 'Failed to create flow', { method: 'POST', body })
    : requestWithFallback<Flow>(`/api/flows/${id}`, 'Failed to save flow', {
        method: 'PUT',
        body: { ...body, ...(baseVersion ? { metadata: { version: baseVersion } } : {}) },
      });
}

export function useSaveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlow,
    onSuccess: (flow) => {
      queryClient.setQueryData(flowKeys.one(flow.id), flow);
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists });
      void queryClient.invalidateQueries({ queryKey: flowKeys.versions(flow.id) });
    },
  });
}
