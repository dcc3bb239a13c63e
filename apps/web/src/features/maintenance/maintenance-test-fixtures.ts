import type { CleanupTally, MaintenanceRun } from '@wac/contract/cleanup';

/** A directory's or collection's tally with no dates. */
export const tallyOf = (name: string, count: number, bytes = 0): CleanupTally => ({ name, count, bytes, oldest: null, newest: null });

/** A database cleanup under way, started by the admin, changed by `patch`. */
export const runOf = (patch: Partial<MaintenanceRun> = {}): MaintenanceRun => ({
  id: 7,
  kind: 'database_cleanup',
  status: 'running',
  dryRun: false,
  options: { days: 30, collections: ['messages', 'activities'] },
  items: [],
  archives: [],
  error: null,
  startedBy: { id: 1, name: 'admin' },
  startedAt: '2026-11-29T08:00:00.000Z',
  finishedAt: null,
  ...patch,
});
