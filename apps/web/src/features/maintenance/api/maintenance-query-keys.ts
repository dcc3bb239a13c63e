import type { QueryClient } from '@tanstack/react-query';
import type { CleanupTally, MaintenanceKind } from '@wac/contract/cleanup';

/** Every maintenance query starts with this key. */
export const maintenanceQueryKey = ['settings', 'maintenance'] as const;

export const maintenanceKeys = {
  status: (kind: MaintenanceKind) => [...maintenanceQueryKey, kind, 'status'] as const,
  preview: (kind: MaintenanceKind, query: Record<string, string>) => [...maintenanceQueryKey, kind, 'preview', query] as const,
  /** What the preview before a run counted: the run's progress bars go towards it. */
  totals: (kind: MaintenanceKind, runId: number) => [...maintenanceQueryKey, kind, 'totals', runId] as const,
  archives: [...maintenanceQueryKey, 'archives'] as const,
  sizes: [...maintenanceQueryKey, 'sizes'] as const,
  retention: [...maintenanceQueryKey, 'retention'] as const,
};

/** Remembers what a run's preview counted (useRunTotals keeps it while the console stays open). */
export function rememberTotals(client: QueryClient, kind: MaintenanceKind, runId: number, items: CleanupTally[]): void {
  client.setQueryData(maintenanceKeys.totals(kind, runId), items);
}
