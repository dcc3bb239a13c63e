// The two PostgreSQL job libraries bench/job-libraries.ts compares, behind one small shape: a producer (the bench
// enqueues through it) and a worker (one per child process). Each library keeps its own schema in the one database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Logger, makeWorkerUtils, parseCrontab, run } from 'graphile-worker';
import PgBoss from 'pg-boss';

export type LibraryName = 'pg-boss' | 'graphile-worker';

export interface WorkerSettings {
  /** pg-boss pollingIntervalSeconds (in ms here); graphile-worker pollInterval. */
  pollMs: number;
  /** pg-boss batchSize (jobs fetched per poll, handled together); graphile-worker concurrency (jobs run at once). */
  batch: number;
}

/** What every bench job carries; the periodic job carries no seq. */
export interface Payload {
  seq?: number;
}

export interface Producer {
  /** pg-boss (since v10) needs each queue created before use; graphile-worker needs nothing. */
  prepare(queue: string): Promise<void>;
  send(queue: string, seq: number): Promise<void>;
  /** One statement for the whole list, through the library's own bulk insert. */
  sendMany(queue: string, seqs: number[]): Promise<void>;
  /** Jobs of the queue not completed yet, and jobs that failed at least once, from the library's own tables. */
  pending(queue: string): Promise<{ unfinished: number; failed: number }>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  queue: string;
  settings: WorkerSettings;
  /** Also schedule the queue every minute (the smallest period either library's cron has). */
  everyMinute: boolean;
}

export interface JobLibrary {
  version: string;
  producer(databaseUrl: string): Promise<Producer>;
  worker(databaseUrl: string, options: WorkerOptions, onRun: (payload: Payload) => void): Promise<{ stop: () => Promise<void> }>;
}

// Not from bench/lib/processes.ts: its signal handlers would end a worker process before the worker stops gracefully.
const nodeModules = path.resolve(import.meta.dirname, '..', '..', 'node_modules');
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(path.join(nodeModules, name, 'package.json'), 'utf8')) as { version: string }).version;

const pendingCounts = (rows: { unfinished: number; failed: number }[]) => rows[0] ?? { unfinished: 0, failed: 0 };

const pgBoss: JobLibrary = {
  version: versionOf('pg-boss'),
  async producer(databaseUrl) {
    // The producer only enqueues: no maintenance and no cron timekeeping in this process.
    const boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, max: 2 });
    boss.on('error', (err) => console.error(`pg-boss producer: ${err.message}`));
    await boss.start();
    return {
      prepare: (queue) => boss.createQueue(queue),
      send: async (queue, seq) => {
        await boss.send(queue, { seq });
      },
      sendMany: (queue, seqs) => boss.insert(seqs.map((seq) => ({ name: queue, data: { seq } }))),
      pending: async (queue) => {
        const { rows } = await boss.getDb().executeSql(
          `SELECT count(*) FILTER (WHERE state <> 'completed')::int AS unfinished,
                  count(*) FILTER (WHERE state = 'failed' OR retry_count > 0)::int AS failed
           FROM pgboss.job WHERE name = $1`,
          [queue],
        );
        return pendingCounts(rows);
      },
      stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
    };
  },
  async worker(databaseUrl, { queue, settings, everyMinute }, onRun) {
    const boss = new PgBoss({ connectionString: databaseUrl });
    boss.on('error', (err) => console.error(`pg-boss worker: ${err.message}`));
    await boss.start();
    if (everyMinute) await boss.schedule(queue, '* * * * *');
    await boss.work<Payload>(queue, { pollingIntervalSeconds: settings.pollMs / 1000, batchSize: settings.batch }, async (jobs) => {
      for (const job of jobs) onRun(job.data ?? {});
    });
    return { stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
  },
};

// Warnings and errors only: its info lines (worker started, job completed) would flood the bench's pipes.
const quietLogger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`graphile-worker ${level}: ${message}`);
});

const graphileWorker: JobLibrary = {
  version: versionOf('graphile-worker'),
  async producer(databaseUrl) {
    const utils = await makeWorkerUtils({ connectionString: databaseUrl, logger: quietLogger, maxPoolSize: 2 });
    await utils.migrate();
    return {
      prepare: async () => {},
      send: async (queue, seq) => {
        await utils.addJob(queue, { seq });
      },
      // 0.16's WorkerUtils has no addJobs; graphile_worker.add_jobs is the library's documented SQL bulk insert.
      sendMany: async (queue, seqs) => {
        await utils.withPgClient((client) =>
          client.query(
            `SELECT graphile_worker.add_jobs(array_agg(($1::text, json_build_object('seq', s), null, null, null, null, null, null)::graphile_worker.job_spec))
             FROM unnest($2::int[]) AS s`,
            [queue, seqs],
          ),
        );
      },
      // A completed job is deleted; a failed one stays with its last_error until its retries run out.
      pending: (queue) =>
        utils.withPgClient(async (client) => {
          const { rows } = await client.query<{ unfinished: number; failed: number }>(
            `SELECT count(*)::int AS unfinished, count(*) FILTER (WHERE last_error IS NOT NULL)::int AS failed
             FROM graphile_worker.jobs WHERE task_identifier = $1`,
            [queue],
          );
          return pendingCounts(rows);
        }),
      stop: async () => {
        await utils.release();
      },
    };
  },
  async worker(databaseUrl, { queue, settings, everyMinute }, onRun) {
    const runner = await run({
      connectionString: databaseUrl,
      concurrency: settings.batch,
      pollInterval: settings.pollMs,
      noHandleSignals: true,
      logger: quietLogger,
      taskList: {
        [queue]: async (payload) => {
          onRun((payload ?? {}) as Payload);
        },
      },
      parsedCronItems: parseCrontab(everyMinute ? `* * * * * ${queue}` : ''),
    });
    return { stop: () => runner.stop() };
  },
};

export const libraries: Record<LibraryName, JobLibrary> = { 'pg-boss': pgBoss, 'graphile-worker': graphileWorker };
