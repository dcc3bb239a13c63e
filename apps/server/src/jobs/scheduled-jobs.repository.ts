import { JOB_FAILURES_SHOWN, type JobFailure } from '@wac/contract/jobs';
import type pg from 'pg';

/**
 * The job library's queue, read and changed only through graphile-worker's public view and functions
 * (`graphile_worker.jobs`, `add_job`, `reschedule_jobs`, `complete_jobs`). A completed job is deleted;
 * a job out of attempts stays, unlocked, with its last error.
 */

/** The job that carries a scheduled kind's next run: one per kind, whichever server added it. */
export const nextRunKey = (kind: string) => `every:${kind}`;

export interface ScheduleOptions {
  /** A run already waiting keeps its time (every server says so at start); otherwise it moves to the new time. */
  keepWaiting: boolean;
  /** Only while no run of the kind is under way: a run holding the key would lose it to a second, overlapping run. */
  whenIdle: boolean;
}

/**
 * Schedules a kind's next run in `delayMs`, once for all servers; false when a run under way kept it from
 * being scheduled (`whenIdle`). The run under way schedules the next one itself when it ends.
 */
export async function scheduleRun(pool: pg.Pool, kind: string, delayMs: number, options: ScheduleOptions): Promise<boolean> {
  const result = await pool.query(
    `SELECT graphile_worker.add_job($1, '{}'::json, run_at => now() + $2 * interval '1 millisecond',
       max_attempts => 1, job_key => $3, job_key_mode => $4)
     WHERE NOT ($5 AND EXISTS (SELECT 1 FROM graphile_worker.jobs WHERE key = $3 AND locked_at IS NOT NULL))`,
    [kind, delayMs, nextRunKey(kind), options.keepWaiting ? 'preserve_run_at' : 'replace', options.whenIdle],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Failed runs of the kind past the newest `keep` (the ones the jobs page shows) are dropped. */
export async function dropOldFailures(pool: pg.Pool, kind: string, keep: number): Promise<void> {
  await pool.query(
    `SELECT id FROM graphile_worker.complete_jobs(ARRAY(
       SELECT id FROM graphile_worker.jobs WHERE task_identifier = $1 AND locked_at IS NULL AND attempts >= max_attempts
       ORDER BY updated_at DESC, id DESC OFFSET $2))`,
    [kind, keep],
  );
}

/** A later run succeeded, so earlier failures of the kind need nobody's retry. */
export async function forgetFailures(pool: pg.Pool, kind: string): Promise<void> {
  await pool.query(
    `SELECT id FROM graphile_worker.complete_jobs(ARRAY(
       SELECT id FROM graphile_worker.jobs WHERE task_identifier = $1 AND locked_at IS NULL AND attempts >= max_attempts))`,
    [kind],
  );
}

export interface ScheduledQueue {
  queued: number;
  running: number;
  failed: number;
  nextRunAt: string | null;
  failures: JobFailure[];
}

export const emptyQueue = (): ScheduledQueue => ({ queued: 0, running: 0, failed: 0, nextRunAt: null, failures: [] });

interface CountRow {
  kind: string;
  queued: number;
  running: number;
  failed: number;
  next_run_at: Date | null;
}

interface FailureRow {
  kind: string;
  id: string;
  error: string;
  failed_at: Date;
  attempts: number;
}

/** Counts and the newest failures of each kind, two statements for all kinds. */
export async function scheduledQueues(pool: pg.Pool, kinds: string[]): Promise<Map<string, ScheduledQueue>> {
  const counts = await pool.query<CountRow>(
    `SELECT task_identifier AS kind,
       count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts)::int AS queued,
       count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
       count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS failed,
       min(run_at) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts) AS next_run_at
     FROM graphile_worker.jobs WHERE task_identifier = ANY($1::text[]) GROUP BY task_identifier`,
    [kinds],
  );
  const failures = await pool.query<FailureRow>(
    `SELECT kind, id, error, failed_at, attempts FROM (
       SELECT task_identifier AS kind, id::text AS id, coalesce(last_error, '') AS error, updated_at AS failed_at, attempts,
         row_number() OVER (PARTITION BY task_identifier ORDER BY updated_at DESC, id DESC) AS nth
       FROM graphile_worker.jobs
       WHERE task_identifier = ANY($1::text[]) AND locked_at IS NULL AND attempts >= max_attempts
     ) failed WHERE nth <= $2 ORDER BY failed_at DESC, id DESC`,
    [kinds, JOB_FAILURES_SHOWN],
  );
  const queues = new Map(kinds.map((kind) => [kind, emptyQueue()]));
  for (const row of counts.rows) {
    Object.assign(queues.get(row.kind) ?? {}, {
      queued: row.queued,
      running: row.running,
      failed: row.failed,
      nextRunAt: row.next_run_at ? row.next_run_at.toISOString() : null,
    });
  }
  for (const row of failures.rows) {
    queues.get(row.kind)?.failures.push({ id: row.id, error: row.error, failedAt: row.failed_at.toISOString(), attempts: row.attempts });
  }
  return queues;
}

/** Runs a failed job of the kind again now, with fresh attempts; false when it is not a failed job of that kind. */
export async function retryFailedJob(pool: pg.Pool, kind: string, id: string): Promise<boolean> {
  const result = await pool.query(
    `SELECT id FROM graphile_worker.reschedule_jobs(ARRAY(
       SELECT id FROM graphile_worker.jobs
       WHERE id = $1::bigint AND task_identifier = $2 AND locked_at IS NULL AND attempts >= max_attempts
     ), run_at => now(), attempts => 0)`,
    [id, kind],
  );
  return (result.rowCount ?? 0) > 0;
}
