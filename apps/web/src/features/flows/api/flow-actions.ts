import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Flow, FlowTriggers } from '@wac/contract/flows';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { flowKeys } from './flow-query-keys';

/** The flow as the server answered it replaces the cached one; lists show the change. */
function useAfterFlowChange() {
  const queryClient = useQueryClient();
  return (flow: Flow) => {
    queryClient.setQueryData(flowKeys.one(flow.id), flow);
    void queryClient.invalidateQueries({ queryKey: flowKeys.lists });
  };
}

export function useSetFlowActive() {
  const after = useAfterFlowChange();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      requestWithFallback<Flow>(
        `/api/flows/${id}/${active ? 'activate' : 'deactivate'}`,
        active ? 'Failed to activate flow' : 'Failed to deactivate flow',
        {
          method: 'POST',
        },
      ),
    onSuccess: after,
  });
}

export function useSaveTriggers() {
  const after = useAfterFlowChange();
  return useMutation({
    mutationFn: ({ id, triggers }: { id: number; triggers: FlowTriggers }) =>
      requestWithFallback<Flow>(`/api/flows/${id}/triggers`, 'Failed to save triggers', { method: 'PUT', body: triggers }),
    onSuccess: after,
  });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestWithFallback<{ success: true }>(`/api/flows/${id}`, 'Failed to delete flow', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowKeys.lists }),
  });
}
