import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatabaseSizes, OptimizeBody, OptimizeResult } from '@wac/contract/maintenance';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { maintenanceKeys } from './maintenance-query-keys';

/** Rows, table and index bytes of every collection, as PostgreSQL's catalogue has them now. */
export function useDatabaseSizes() {
  return useQuery({
    queryKey: maintenanceKeys.sizes,
    queryFn: ({ signal }) => requestWithFallback<DatabaseSizes>('/api/database/sizes', 'Failed to fetch the database sizes', { signal }),
  });
}

/** Rebuilds indexes and refreshes statistics; answers each step and the sizes before and after. */
export function useOptimizeDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OptimizeBody) =>
      requestWithFallback<OptimizeResult>('/api/database/optimize', 'Failed to optimize the database', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.sizes }),
  });
}
