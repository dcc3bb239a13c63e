import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_FAILURES_SHOWN, type JobKindSummary } from '@wac/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, type Runner, run, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { z } from 'zod';
import { conflict, notFound } from '../http/app-error.ts';
import {
  dropOldFailures,
  emptyQueue,
  forgetFailures,
  retryFailedJob,
  type ScheduledQueue,
  scheduledQueues,
  scheduleRun,
} from './scheduled-jobs.repository.ts';

/** Periodic work on the job library: one run per period across every server process, whichever takes it. */
export interface ScheduledJobKind<Payload = unknown> {
  /** `<domain>.<job>`: the library's task name. */
  name: string;
  /** What the jobs page calls it. */
  title: string;
  payload: z.ZodType<Payload>;
  handler: (payload: Payload) => Promise<void>;
  everyMs: number;
}

/** The payload of a kind that needs none. */
export const noPayload = z.object({}).strict();

export type ClaimQueue = Pick<JobKindSummary, 'queued' | 'failed' | 'failures'>;

/** A row a claim loop gave up on, as its table keeps it. */
export interface GivenUpRow {
  id: number;
  error: string | null;
  at: Date;
  attempts: number;
}

/** A claim loop's counts and given-up rows as the jobs page shows them. */
export function claimQueue(counts: { queued: number; failed: number } | undefined, givenUp: GivenUpRow[]): ClaimQueue {
  return {
    queued: counts?.queued ?? 0,
    failed: counts?.failed ?? 0,
    failures: givenUp.map((row) => ({
      id: String(row.id),
      error: row.error ?? '',
      failedAt: row.at.toISOString(),
      attempts: row.attempts,
    })),
  };
}

/** Rows a table hands out in SKIP LOCKED batches, worked by a loop that every server runs and anyone can kick. */
export interface ClaimLoopKind {
  name: string;
  title: string;
  loop: { start: () => void; stop: () => Promise<void>; kick: () => void };
  queue: () => Promise<ClaimQueue>;
  /** Puts a row that was given up on back in the queue; false when no such row waits for a retry. */
  retry: (id: number) => Promise<boolean>;
}

export interface JobRunner {
  schedule: <Payload>(kind: ScheduledJobKind<Payload>) => void;
  claimLoop: (kind: ClaimLoopKind) => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  overview: () => Promise<JobKindSummary[]>;
  /** Runs a failed job or claimed row again. */
  retry: (kind: string, id: string) => Promise<void>;
  /** Moves a scheduled kind's next run to now. */
  runNow: (kind: string) => Promise<void>;
  /** The library's events (job:start, job:success, job:error...), once started. */
  events: () => Runner['events'] | undefined;
}

export interface JobRunnerOptions {
  databaseUrl: string;
  /** Queries of the jobs page, on the app's pool. */
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** How often each server looks for jobs that came due; new jobs are announced at once. */
  pollIntervalMs: number;
}

const CONCURRENCY = 2;
/** How long stopping waits for runs under way (the server's own shutdown allows 15 s in all). */
const STOP_WAIT_MS = 8_000;
const RESTART_DELAY_MS = 5_000;

/** The library's own log lines: its warnings and errors go to the app's log, the rest is chatter. */
function libraryLogger(log: FastifyBaseLogger): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error({ ...meta }, message);
    else if (level === 'warning') log.warn({ ...meta }, message);
  });
}

/** The one runner of background work: scheduled kinds on graphile-worker, claim loops beside it. */
export function createJobRunner({ databaseUrl, pool, log, pollIntervalMs }: JobRunnerOptions): JobRunner {
  /** Scheduled kinds with their payload type erased: the task parses what the library hands it. */
  const scheduled = new Map<string, Omit<ScheduledJobKind, 'payload' | 'handler'> & { task: TaskList[string] }>();
  const claims = new Map<string, ClaimLoopKind>();
  let runner: Runner | undefined;
  let runnerPool: pg.Pool | undefined;
  let stopping = false;
  const safetyTimers: NodeJS.Timeout[] = [];

  const taskFor =
    <Payload>(kind: ScheduledJobKind<Payload>): TaskList[string] =>
    async (payload) => {
      try {
        await kind.handler(kind.payload.parse(payload));
        await forgetFailures(pool, kind.name);
      } finally {
        // Even after a failure the next period comes: the failed run stays for an admin to see and retry.
        await scheduleRun(pool, kind.name, kind.everyMs, { keepWaiting: true, whenIdle: false });
        await dropOldFailures(pool, kind.name, JOB_FAILURES_SHOWN);
      }
    };

  /** Starts the library's workers; should they all stop or one die on its own (a database restart), it starts afresh. */
  async function startLibrary(taskList: TaskList): Promise<void> {
    const ownPool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY + 2 });
    ownPool.on('error', (err) => log.warn({ err }, 'job runner connection error'));
    const started = await run({
      pgPool: ownPool,
      taskList,
      concurrency: CONCURRENCY,
      pollInterval: pollIntervalMs,
      noHandleSignals: true,
      logger: libraryLogger(log),
    });
    runner = started;
    runnerPool = ownPool;
    const restart = (err: unknown) => {
      if (stopping || runner !== started) return;
      log.error({ err }, 'the job runner stopped on its own; starting it again');
      runner = undefined;
      runnerPool = undefined;
      void stopLibrary(started, ownPool);
      restartLater(taskList);
    };
    started.events.on('worker:fatalError', ({ error }) => restart(error));
    started.promise.then(() => restart(new Error('every worker stopped')), restart);
  }

  function restartLater(taskList: TaskList): void {
    setTimeout(() => {
      if (stopping) return;
      startLibrary(taskList).catch((err) => {
        log.error({ err }, 'the job runner could not start again; trying later');
        restartLater(taskList);
      });
    }, RESTART_DELAY_MS).unref();
  }

  /** Waits a while for the runs under way, then lets go of the connections whatever they do. */
  async function stopLibrary(which: Runner | undefined, whichPool: pg.Pool | undefined): Promise<void> {
    try {
      if (which) await Promise.race([which.stop(), sleep(STOP_WAIT_MS)]);
    } catch (err) {
      log.warn({ err }, 'the job runner did not stop cleanly');
    } finally {
      await whichPool?.end().catch(() => {});
    }
  }

  function claimSummary(kind: ClaimLoopKind, queue: ClaimQueue): JobKindSummary {
    return { name: kind.name, title: kind.title, mechanism: 'claim', everySeconds: null, nextRunAt: null, running: null, ...queue };
  }

  function scheduledSummary(kind: { name: string; title: string; everyMs: number }, queue: ScheduledQueue): JobKindSummary {
    return { name: kind.name, title: kind.title, mechanism: 'scheduled', everySeconds: kind.everyMs / 1000, ...queue };
  }

  function scheduledKind(name: string) {
    const kind = scheduled.get(name);
    if (!kind) throw notFound(`No scheduled job kind is called ${name}`);
    return kind;
  }

  return {
    schedule(kind) {
      scheduled.set(kind.name, { name: kind.name, title: kind.title, everyMs: kind.everyMs, task: taskFor(kind) });
    },
    claimLoop(kind) {
      claims.set(kind.name, kind);
    },

    async start() {
      stopping = false;
      for (const kind of claims.values()) kind.loop.start();
      if (scheduled.size === 0) return;
      const taskList: TaskList = {};
      for (const kind of scheduled.values()) taskList[kind.name] = kind.task;
      await startLibrary(taskList);
      const idle = { keepWaiting: true, whenIdle: true };
      for (const kind of scheduled.values()) {
        await scheduleRun(pool, kind.name, 0, idle);
        // A server that stopped mid-run never scheduled the next one; every server puts it back (a waiting run keeps its time).
        const timer = setInterval(() => {
          scheduleRun(pool, kind.name, kind.everyMs, idle).catch((err) => log.warn({ err, job: kind.name }, 'could not schedule a job'));
        }, kind.everyMs);
        timer.unref();
        safetyTimers.push(timer);
      }
    },

    async stop() {
      stopping = true;
      for (const timer of safetyTimers.splice(0)) clearInterval(timer);
      await Promise.all([...claims.values()].map((kind) => kind.loop.stop()));
      const [which, whichPool] = [runner, runnerPool];
      runner = undefined;
      runnerPool = undefined;
      await stopLibrary(which, whichPool);
    },

    async overview() {
      const queues = await scheduledQueues(pool, [...scheduled.keys()]);
      const claimed = await Promise.all([...claims.values()].map(async (kind) => claimSummary(kind, await kind.queue())));
      return [...[...scheduled.values()].map((kind) => scheduledSummary(kind, queues.get(kind.name) ?? emptyQueue())), ...claimed];
    },

    async retry(name, id) {
      const claim = claims.get(name);
      const retried = claim ? await claim.retry(Number(id)) : await retryFailedJob(pool, scheduledKind(name).name, id);
      if (!retried) throw notFound(`No failed job ${id} of ${name} waits for a retry`);
      claim?.loop.kick();
    },

    async runNow(name) {
      const kind = scheduledKind(name);
      const scheduledNow = await scheduleRun(pool, kind.name, 0, { keepWaiting: false, whenIdle: true });
      if (!scheduledNow) throw conflict(`${kind.title} is running now; its next run follows when this one ends`);
    },

    events: () => runner?.events,
  };
}
