import type { CleanupPreview, CleanupTally, MaintenanceKind, MaintenanceRun } from '@wac/contract/cleanup';
import { formatBytes } from '@wac/contract/format';
import { formatDate } from '../../../lib/format-date';
import { isUnderWay } from '../api/run-updates';
import { countOf, itemLabel, listOf } from './maintenance-labels';

/** "1,204 files (3.1 MB) from Media files", "1,204 messages (3.1 MB of media files)", "20 activities". */
export function tallyPhrase(kind: MaintenanceKind, item: Pick<CleanupTally, 'name' | 'count' | 'bytes'>): string {
  const count = countOf(kind, item.name, item.count);
  if (kind === 'storage_cleanup') return `${count} (${formatBytes(item.bytes)}) from ${itemLabel(item.name)}`;
  return item.bytes > 0 ? `${count} (${formatBytes(item.bytes)} of media files)` : count;
}

/** The confirmation's question, naming what goes: "Delete 1,204 files (3.1 MB) from Media files older than 2026-10-28?" */
export function confirmQuestion(kind: MaintenanceKind, preview: CleanupPreview): string {
  const taken = preview.items.filter((item) => item.count > 0);
  const cutoff = formatDate(preview.cutoff);
  if (taken.length === 0) {
    return `Nothing is older than ${cutoff} that the cleanup would take. Run it anyway, to delete what has aged past it since?`;
  }
  return `Delete ${listOf(taken.map((item) => tallyPhrase(kind, item)))} older than ${cutoff}?`;
}

/** What a run did (or, dry, would do): "Deleted 1,204 messages and 20 activities", "Would delete nothing". */
export function runSummary(run: Pick<MaintenanceRun, 'kind' | 'dryRun' | 'status' | 'items'>): string {
  const taken = run.items.filter((item) => item.count > 0);
  const what = taken.length > 0 ? listOf(taken.map((item) => tallyPhrase(run.kind, item))) : 'nothing';
  if (run.dryRun) return isUnderWay(run) ? 'Counting what would go' : `Would delete ${what}`;
  return `${isUnderWay(run) ? 'Deleted so far' : 'Deleted'} ${what}`;
}

export interface ItemProgress {
  name: string;
  done: number;
  /** What the preview before the run counted; null when not known (the page was opened during the run). */
  total: number | null;
  /** Whole percent, 0 to 100; null without a total. */
  percent: number | null;
  /** The run has ended: its figures are final. */
  ended: boolean;
}

/**
 * Each directory's or collection's progress: done of what the preview counted. A completed run is at 100% even when
 * it took fewer than counted (rows that changed since); one that took more counts its own figure as the total.
 */
export function runProgress(run: Pick<MaintenanceRun, 'status' | 'items' | 'options'>, totals: CleanupTally[] | undefined): ItemProgress[] {
  const names = runNames(run, totals);
  return names.map((name) => {
    const reported = run.items.find((item) => item.name === name);
    const done = reported?.count ?? 0;
    const counted = totals?.find((item) => item.name === name)?.count;
    const completed = run.status === 'completed';
    const ended = !isUnderWay(run);
    if (counted === undefined) return { name, done, total: null, percent: completed ? 100 : null, ended };
    const total = Math.max(counted, done);
    const percent = completed ? 100 : total === 0 ? (reported ? 100 : 0) : Math.floor((done / total) * 100);
    return { name, done, total, percent, ended };
  });
}

/** The run's directories or collections in the order it takes them: from its options, else what it reported. */
function runNames(run: Pick<MaintenanceRun, 'items' | 'options'>, totals: CleanupTally[] | undefined): string[] {
  const chosen = run.options.directories ?? run.options.collections;
  if (Array.isArray(chosen) && chosen.every((name) => typeof name === 'string')) return chosen;
  return (totals ?? run.items).map((item) => item.name);
}

/** "120 of 1,204 files · 9%", or "120 files so far" without a total. */
export function progressText(kind: MaintenanceKind, progress: ItemProgress): string {
  if (progress.total === null) return `${countOf(kind, progress.name, progress.done)}${progress.ended ? '' : ' so far'}`;
  return `${progress.done.toLocaleString('en')} of ${countOf(kind, progress.name, progress.total)} · ${progress.percent}%`;
}

/** "older than 30 days", with what else the run was told: "archived first", "batches of 500". */
export function runOptionsText(run: Pick<MaintenanceRun, 'options'>): string {
  const { days, archiveBeforeDelete, batchSize, criteria } = run.options;
  const parts = typeof days === 'number' ? [`older than ${days.toLocaleString('en')} ${days === 1 ? 'day' : 'days'}`] : [];
  if (criteria && typeof criteria === 'object' && Object.keys(criteria).length > 0) parts.push('with criteria');
  if (archiveBeforeDelete === true) parts.push('archived first');
  if (typeof batchSize === 'number') parts.push(`batches of ${batchSize.toLocaleString('en')}`);
  return parts.join(', ');
}
