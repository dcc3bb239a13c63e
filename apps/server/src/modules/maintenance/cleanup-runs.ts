import type { CleanupStatus, CleanupTally, MaintenanceKind, MaintenanceRun } from '@wac/contract/cleanup';
import { formatBytes } from '@wac/contract/format';
import type { DbOrTx } from '../../db/database.ts';
import type { MaintenanceRunner, RunContext } from './maintenance-runner.ts';
import { markInterrupted, requestStop, runHistory, runningRun } from './maintenance-runs.repository.ts';

/** Past runs a status answers with. */
const HISTORY_SHOWN = 20;

/** The cut-off of a cleanup of `days`: what is older goes. */
export const cutoffOf = (days: number, now = Date.now()) => new Date(now - days * 86_400_000);

/** A directory's or collection's tally of nothing yet. */
export const emptyTally = (name: string): CleanupTally => ({ name, count: 0, bytes: 0, oldest: null, newest: null });

/** The oldest and newest of some times (files' last changes, rows' times), as ISO instants; null when there are none. */
export function timeSpan(times: readonly (Date | string)[]): Pick<CleanupTally, 'oldest' | 'newest'> {
  let oldest: number | null = null;
  let newest: number | null = null;
  for (const at of times) {
    const ms = new Date(at).getTime();
    if (oldest === null || ms < oldest) oldest = ms;
    if (newest === null || ms > newest) newest = ms;
  }
  return {
    oldest: oldest === null ? null : new Date(oldest).toISOString(),
    newest: newest === null ? null : new Date(newest).toISOString(),
  };
}

/** Adds what a batch took to its directory's or collection's tally. */
export function mergeTally(tally: CleanupTally, batch: Pick<CleanupTally, 'count' | 'bytes' | 'oldest' | 'newest'>): void {
  tally.count += batch.count;
  tally.bytes += batch.bytes;
  if (batch.oldest && (!tally.oldest || batch.oldest < tally.oldest)) tally.oldest = batch.oldest;
  if (batch.newest && (!tally.newest || batch.newest > tally.newest)) tally.newest = batch.newest;
}

/** What a run did, for its activity: "dry run: 1,204 messages (3.1 MB), 12 activities". */
export function summarize(run: MaintenanceRun, unit: 'rows' | 'files'): string {
  const parts = run.items.map(
    (item) =>
      `${item.count.toLocaleString('en')} ${unit === 'files' ? `files from ${item.name}` : item.name}${item.bytes > 0 ? ` (${formatBytes(item.bytes)})` : ''}`,
  );
  return `${run.dryRun ? 'dry run, would delete ' : 'deleted '}${parts.join(', ') || 'nothing'}`;
}

/** The run under way (after marking those whose server died as interrupted) and the past ones. */
export async function runsStatus(db: DbOrTx, kind: MaintenanceKind): Promise<CleanupStatus> {
  await markInterrupted(db, kind);
  const [running, history] = await Promise.all([runningRun(db, kind), runHistory(db, kind, HISTORY_SHOWN)]);
  return { running, history };
}

/** Asks the run under way to stop after its current batch, whichever server runs it; says so when none runs. */
export async function stopRun(db: DbOrTx, kind: MaintenanceKind): Promise<{ stopping: boolean; message: string }> {
  await markInterrupted(db, kind);
  const run = await requestStop(db, kind);
  return run
    ? { stopping: true, message: 'The cleanup stops after its current batch' }
    : { stopping: false, message: 'No cleanup is running' };
}

export interface CleanupLaunch<Item extends string> {
  kind: MaintenanceKind;
  /** The admin who started it; null for the retention policy. */
  userId: number | null;
  request: { days: number; dryRun: boolean };
  /** The directories or collections to clean, in turn. */
  items: readonly Item[];
  /** What summarize calls them: files or rows. */
  unit: 'files' | 'rows';
  /** What a run would take of each item now (a dry run's result). */
  tallies: (cutoff: Date) => Promise<CleanupTally[]>;
  /** Cleans one item, adding its tally to the context's progress, until done or asked to stop. */
  clean: (context: RunContext, item: Item, cutoff: Date) => Promise<void>;
}

/** Starts a cleanup run: a dry run counts what a run would delete now and deletes nothing; 409 while one runs anywhere. */
export function launchCleanup<Item extends string>(runner: MaintenanceRunner, launch: CleanupLaunch<Item>): Promise<MaintenanceRun> {
  const cutoff = cutoffOf(launch.request.days);
  return runner.launch(
    {
      kind: launch.kind,
      dryRun: launch.request.dryRun,
      // Who asked: an admin, or the daily retention policy.
      options: { ...launch.request, cutoff: cutoff.toISOString(), startedByPolicy: launch.userId === null },
      progress: { items: [], archives: [] },
      startedBy: launch.userId,
      summary: (run) => ({ type: launch.kind, details: summarize(run, launch.unit) }),
    },
    async (context) => {
      if (launch.request.dryRun) {
        context.progress.items.push(...(await launch.tallies(cutoff)));
        return;
      }
      for (const item of launch.items) {
        if (context.stopRequested()) break;
        await launch.clean(context, item, cutoff);
      }
    },
  );
}
