import { type MaintenanceRun, type MaintenanceRunStatus, maintenanceEventNames } from '@wac/contract/cleanup';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { ActivityService } from '../activities/index.ts';
import {
  finishRun,
  insertRun,
  markInterrupted,
  type NewRun,
  type RunProgress,
  runningRun,
  saveProgress,
} from './maintenance-runs.repository.ts';

/** How often a running run's process beats, whatever its batches take: HEARTBEAT_STALE_SECONDS is six beats. */
const HEARTBEAT_MS = 5_000;
/** Progress events at most this often; the last one always goes. */
const EMIT_EVERY_MS = 250;
/** How long a server shutting down waits for runs to finish their batch. */
const SHUTDOWN_WAIT_MS = 5_000;

/** What a run's work is handed: its progress to fill in, whether to stop, and a report after each batch. */
export interface RunContext {
  readonly id: number;
  readonly progress: RunProgress;
  /** True once an admin asked it to stop (from any server) or this server is shutting down: stop after this batch. */
  stopRequested(): boolean;
  /** Saves the progress, beats, and tells the admins' consoles (at most four times a second). */
  report(): Promise<void>;
}

export interface LaunchRun extends NewRun {
  /** The activity's data once the run ends: what it did, in plain words. */
  summary: (run: MaintenanceRun) => { type: string; details: string };
}

export interface MaintenanceRunnerDeps {
  db: Db;
  log: FastifyBaseLogger;
  realtime: Pick<Realtime, 'toAdmins'>;
  activities: Pick<ActivityService, 'record'>;
}

/** 409 naming the run under way, with its progress, so a console can show it instead. */
export const alreadyRunning = (run: MaintenanceRun | null) =>
  new AppError('CONFLICT', 'A cleanup of this kind is already running; stop it or wait for it to finish', 409, undefined, { running: run });

/**
 * Runs maintenance work in the background of the process that started it: one run of each kind across every process
 * (maintenance_runs' partial unique index), a heartbeat so the others can tell when its process died, stop requests
 * read from the row (any server may write them), progress over the socket, and an activity when it ends.
 */
export function createMaintenanceRunner({ db, log, realtime, activities }: MaintenanceRunnerDeps) {
  const active = new Map<number, { halt: () => void; done: Promise<void> }>();

  const emit = (run: MaintenanceRun | null) => {
    if (run) realtime.toAdmins(maintenanceEventNames.run, run);
  };

  async function execute(
    run: MaintenanceRun,
    input: LaunchRun,
    work: (context: RunContext) => Promise<void>,
    state: { stop: boolean; shuttingDown: boolean },
  ) {
    const progress = input.progress;
    let lastEmit = 0;
    let status: MaintenanceRunStatus = run.status;
    const beat = async () => {
      status = (await saveProgress(db, run.id, progress)) ?? status;
      if (status === 'stopping') state.stop = true;
    };
    const heartbeat = setInterval(() => void beat().catch((err) => log.warn({ err }, 'maintenance heartbeat failed')), HEARTBEAT_MS);
    heartbeat.unref();
    const context: RunContext = {
      id: run.id,
      progress,
      stopRequested: () => state.stop,
      async report() {
        await beat();
        if (Date.now() - lastEmit >= EMIT_EVERY_MS) {
          lastEmit = Date.now();
          emit({ ...run, status, items: progress.items, archives: progress.archives });
        }
      },
    };
    let ended: MaintenanceRunStatus = 'completed';
    let error: string | null = null;
    try {
      await work(context);
      if (state.stop) ended = state.shuttingDown ? 'interrupted' : 'stopped';
    } catch (err) {
      ended = 'failed';
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, runId: run.id, kind: run.kind }, 'maintenance run failed');
    } finally {
      clearInterval(heartbeat);
    }
    if (ended === 'interrupted') error = 'The server stopped during the run; what it did before is kept';
    const finished = await finishRun(db, run.id, ended, progress, error);
    emit(finished);
    if (finished) {
      const { type, details } = input.summary(finished);
      await activities.record({ type, sourceType: 'system', userId: run.startedBy?.id ?? null, data: { status: ended, details } });
    }
  }

  return {
    /** Starts a run of `input.kind` doing `work`; 409 (alreadyRunning) when one of its kind is under way anywhere. */
    async launch(input: LaunchRun, work: (context: RunContext) => Promise<void>): Promise<MaintenanceRun> {
      await markInterrupted(db, input.kind);
      const run = await insertRun(db, input);
      if (!run) throw alreadyRunning(await runningRun(db, input.kind));
      const state = { stop: false, shuttingDown: false };
      const done = execute(run, input, work, state)
        .catch((err) => log.error({ err, runId: run.id }, 'maintenance run could not be finished'))
        .finally(() => active.delete(run.id));
      active.set(run.id, {
        halt: () => Object.assign(state, { stop: true, shuttingDown: true }),
        done,
      });
      emit(run);
      return run;
    },

    /** Waits for a run this process started to end. */
    async wait(id: number): Promise<void> {
      await active.get(id)?.done;
    },

    /** Waits for the runs of this process to end. */
    async settled(): Promise<void> {
      await Promise.all([...active.values()].map((entry) => entry.done));
    },

    /** The server is stopping: runs here stop after their batch and show as interrupted. */
    async close(): Promise<void> {
      for (const entry of active.values()) entry.halt();
      await Promise.race([this.settled(), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
    },
  };
}

export type MaintenanceRunner = ReturnType<typeof createMaintenanceRunner>;
