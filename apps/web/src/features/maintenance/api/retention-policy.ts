import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionPolicy } from '@wac/contract/cleanup';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { maintenanceKeys } from './maintenance-query-keys';

const RETENTION_PATH = '/api/maintenance/retention';

/** The daily retention policy (off by default). */
export function useRetentionPolicy() {
  return useQuery({
    queryKey: maintenanceKeys.retention,
    queryFn: ({ signal }) => requestWithFallback<RetentionPolicy>(RETENTION_PATH, 'Failed to fetch the retention policy', { signal }),
  });
}

export function useSaveRetentionPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: RetentionPolicy) =>
      requestWithFallback<RetentionPolicy>(RETENTION_PATH, 'Failed to save the retention policy', { method: 'PUT', body: policy }),
    onSuccess: (policy) => queryClient.setQueryData(maintenanceKeys.retention, policy),
  });
}
