import type { JobFailure, JobKindSummary } from '@wac/contract/jobs';
import { formatDuration } from '../../../lib/format-duration';

/** How a kind runs: a scheduled kind on its period, a claim loop whenever rows arrive in its table. */
export function howItRuns(kind: Pick<JobKindSummary, 'mechanism' | 'everySeconds'>): string {
  if (kind.mechanism === 'claim') return 'When work arrives';
  return kind.everySeconds === null ? 'On a schedule' : `Every ${formatDuration(kind.everySeconds)}`;
}

/** "job 12 of Process webhook events": names one failure among every kind's, for buttons and toasts. */
export function failureName(kind: Pick<JobKindSummary, 'title'>, failure: Pick<JobFailure, 'id'>): string {
  return `job ${failure.id} of ${kind.title}`;
}

/** The page's one-line state: how many kinds, and how many failed jobs wait for an admin. */
export function jobsSummary(kinds: Pick<JobKindSummary, 'failed'>[]): string {
  const failed = kinds.reduce((sum, kind) => sum + kind.failed, 0);
  const count = `${kinds.length} ${kinds.length === 1 ? 'kind' : 'kinds'} of background work`;
  if (failed === 0) return `${count}, none failed.`;
  return `${count}; ${failed} failed ${failed === 1 ? 'job waits' : 'jobs wait'} for a retry.`;
}

const HEADLINE_CHARS = 160;

/** An error's first line, cut to a length a table cell can show; the whole text stays one click away. */
export function errorHeadline(error: string): string {
  const line =
    error
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > HEADLINE_CHARS ? `${line.slice(0, HEADLINE_CHARS - 1).trimEnd()}…` : line;
}

/** Why a claim loop shows no running count: its work in hand is row locks, which a count cannot see. */
export const RUNNING_NOT_MEASURED = 'Not measured: this work is claimed a batch at a time and cannot be counted while it runs';
