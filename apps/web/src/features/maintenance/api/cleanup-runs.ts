import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CleanupPreview, CleanupStatus, CleanupTally, MaintenanceKind, MaintenanceRun } from '@wac/contract/cleanup';
import { ApiError } from '../../../lib/api-client';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { maintenanceKeys } from './maintenance-query-keys';
import { withRun } from './run-updates';

export const cleanupPaths: Record<MaintenanceKind, string> = {
  storage_cleanup: '/api/storage/cleanup',
  database_cleanup: '/api/database/cleanup',
};

const cleanupNames: Record<MaintenanceKind, string> = { storage_cleanup: 'storage cleanup', database_cleanup: 'database cleanup' };

/** How often the status is read while a run is under way, should the socket's news not arrive. */
export const RUN_POLL_MS = 2000;

/** The run under way and the past ones; polled while one runs, besides the socket's maintenance:run. */
export function useCleanupStatus(kind: MaintenanceKind) {
  return useQuery({
    queryKey: maintenanceKeys.status(kind),
    queryFn: ({ signal }) =>
      requestWithFallback<CleanupStatus>(`${cleanupPaths[kind]}/status`, `Failed to fetch the ${cleanupNames[kind]} runs`, { signal }),
    refetchInterval: (query) => (query.state.data?.running ? RUN_POLL_MS : false),
  });
}

export const fetchCleanupPreview = (kind: MaintenanceKind, query: Record<string, string>, signal?: AbortSignal) =>
  requestWithFallback<CleanupPreview>(`${cleanupPaths[kind]}/preview`, `Failed to preview the ${cleanupNames[kind]}`, { query, signal });

/** The preview of the options last asked for (null: none asked yet). */
export function useCleanupPreview(kind: MaintenanceKind, query: Record<string, string> | null) {
  return useQuery({
    queryKey: maintenanceKeys.preview(kind, query ?? {}),
    queryFn: ({ signal }) => fetchCleanupPreview(kind, query ?? {}, signal),
    enabled: query !== null,
    retry: false,
  });
}

/** The totals the previous run's progress bars are drawn against. */
export function useRunTotals(kind: MaintenanceKind, runId: number | undefined): CleanupTally[] | undefined {
  return useQuery({
    queryKey: maintenanceKeys.totals(kind, runId ?? 0),
    queryFn: () => [] as CleanupTally[],
    enabled: false,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** Starts a run (202); the status shows it at once. A 409 names the run under way: the status is read again to show it. */
export function useStartCleanup(kind: MaintenanceKind) {
  const queryClient = useQueryClient();
  const key = maintenanceKeys.status(kind);
  return useMutation({
    mutationFn: (body: object) =>
      requestWithFallback<MaintenanceRun>(cleanupPaths[kind], `Failed to start the ${cleanupNames[kind]}`, { method: 'POST', body }),
    onSuccess: (run) => {
      queryClient.setQueryData<CleanupStatus>(key, (status) => withRun(status ?? { running: null, history: [] }, run));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Asks the run under way to stop after its current batch. */
export function useStopCleanup(kind: MaintenanceKind) {
  const queryClient = useQueryClient();
  const key = maintenanceKeys.status(kind);
  return useMutation({
    mutationFn: () =>
      requestWithFallback<{ stopping: boolean; message: string }>(
        `${cleanupPaths[kind]}/stop`,
        `Failed to stop the ${cleanupNames[kind]}`,
        {
          method: 'POST',
        },
      ),
    onSuccess: (answer) => {
      if (answer.stopping) {
        queryClient.setQueryData<CleanupStatus>(key, (status) =>
          status?.running ? { ...status, running: { ...status.running, status: 'stopping' } } : status,
        );
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
