// Job libraries: pg-boss and graphile-worker on one embedded PostgreSQL, measured in the same run for what the job
// runner needs from them: pickup latency of a job sent to an idle worker, throughput of a bulk backlog with one and two
// worker processes (every job must run exactly once), and a once-a-minute job scheduled on two processes at once.
// Run: npm run bench:jobs [-- --latency-jobs 200 --jobs 20000 --cron-minutes 2]
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type LibraryName, libraries, type Producer, type WorkerSettings } from './jobs/libraries.ts';
import type { WorkerResult, WorkerSpec } from './jobs/worker.ts';
import { scriptResult, startScript, waitForOutput } from './lib/child-runs.ts';
import { type CpuRole, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, removeDir, type Started, stopProcess, tempDataDir, waitForQuietMachine } from './lib/processes.ts';
import { waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, epochMs, ms, summarize } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: { 'latency-jobs': { type: 'string' }, jobs: { type: 'string' }, 'cron-minutes': { type: 'string' } },
});
const LATENCY_JOBS = clamp(args['latency-jobs'], 200, 10, 2_000);
const WARMUP_JOBS = 5;
const JOBS = clamp(args.jobs ?? process.env.BENCH_JOBS, 20_000, 100, 200_000);
const CRON_MINUTES = clamp(args['cron-minutes'], 2, 1, 5);
const GAP_MS = { min: 50, max: 350 };
const ENQUEUE_CHUNK = 1_000;
const READY_TIMEOUT_MS = 60_000;
const PICKUP_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 600_000;
const MINUTE_MS = 60_000;
// pg-boss runs a minute's job up to ~37 s late: its cron monitor ticks every 30 s, then a 5 s and a 2 s poll.
const CRON_GRACE_MS = 45_000;
// A start this close to a minute boundary could put a run on start and the next minute's run in the same minute.
const CRON_START_MARGIN_MS = 20_000;

interface Case {
  library: LibraryName;
  settings: WorkerSettings;
  label: string;
}

const LATENCY_CASES: Case[] = [
  { library: 'pg-boss', settings: { pollMs: 2_000, batch: 20 }, label: 'production: poll every 2 s (default), batchSize 20' },
  { library: 'pg-boss', settings: { pollMs: 500, batch: 20 }, label: 'lowest: poll every 0.5 s (its enforced minimum), batchSize 20' },
  {
    library: 'graphile-worker',
    settings: { pollMs: 2_000, batch: 10 },
    label: 'production: LISTEN/NOTIFY, pollInterval 2 s (default), concurrency 10',
  },
  {
    library: 'graphile-worker',
    settings: { pollMs: 100, batch: 10 },
    label: 'low: LISTEN/NOTIFY, pollInterval 100 ms (no minimum enforced), concurrency 10',
  },
];

const THROUGHPUT_CASES: Case[] = [
  // A pg-boss worker fetches one batch, then waits out the poll interval: batchSize / interval caps each process.
  { library: 'pg-boss', settings: { pollMs: 500, batch: 500 }, label: 'poll every 0.5 s, batchSize 500 (at most 500 per poll)' },
  { library: 'pg-boss', settings: { pollMs: 500, batch: 5_000 }, label: 'poll every 0.5 s, batchSize 5,000 (at most 5,000 per poll)' },
  { library: 'graphile-worker', settings: { pollMs: 2_000, batch: 10 }, label: 'concurrency 10' },
];

const CRON_SETTINGS: Record<LibraryName, { settings: WorkerSettings; label: string }> = {
  'pg-boss': { settings: { pollMs: 2_000, batch: 20 }, label: "schedule('* * * * *'), defaults" },
  'graphile-worker': { settings: { pollMs: 2_000, batch: 10 }, label: "crontab '* * * * *', defaults" },
};

interface RunningWorker {
  started: Started;
  resultFile: string;
}

const dataDir = await tempDataDir('jobs');
let workersStarted = 0;
let queuesMade = 0;

/** Starts a worker child, hands each stdout line (split in words) to onLine, and waits until it says ready. */
async function startWorker(spec: Omit<WorkerSpec, 'dataDir' | 'resultFile'>, onLine: (words: string[]) => void): Promise<RunningWorker> {
  workersStarted++;
  const resultFile = path.join(dataDir, `worker-${workersStarted}.json`);
  const started = startScript(`${spec.library} worker ${workersStarted}`, 'bench/jobs/worker.ts', { ...spec, dataDir, resultFile });
  readline.createInterface({ input: started.child.stdout! }).on('line', (line) => onLine(line.split(' ')));
  await waitForOutput(started, 'ready', READY_TIMEOUT_MS);
  return { started, resultFile };
}

/** Stops the workers (SIGTERM, graceful) and returns how many times each seq ran, summed, and the jobs each one ran. */
async function stopWorkers(workers: RunningWorker[], jobs: number): Promise<{ totals: number[]; perProcess: number[] }> {
  const totals = new Array<number>(jobs).fill(0);
  const perProcess: number[] = [];
  for (const worker of workers) {
    await stopProcess(worker.started);
    const { counts } = await scriptResult<WorkerResult>(worker.started, worker.resultFile);
    counts.forEach((count, seq) => {
      totals[seq] = (totals[seq] ?? 0) + count;
    });
    perProcess.push(counts.reduce((sum, count) => sum + count, 0));
  }
  return { totals, perProcess };
}

function ranOnce(totals: number[]): string {
  const missing = totals.filter((count) => count === 0).length;
  const repeated = totals.filter((count) => count > 1).length;
  return missing === 0 && repeated === 0 ? 'yes' : `NO: ${missing} never ran, ${repeated} ran twice or more`;
}

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** A fresh queue for each measurement, so no job or state of an earlier one is in the way. */
async function freshQueue(producer: Producer, purpose: string): Promise<string> {
  queuesMade++;
  const queue = `${purpose}-${queuesMade}`;
  await producer.prepare(queue);
  return queue;
}

async function measureLatency(c: Case, producer: Producer): Promise<string[]> {
  const queue = await freshQueue(producer, 'latency');
  const total = WARMUP_JOBS + LATENCY_JOBS;
  const startedAt = new Map<number, number>();
  const worker = await startWorker({ library: c.library, queue, settings: c.settings, mode: 'latency', jobs: total }, ([kind, seq, at]) => {
    if (kind === 'ran') startedAt.set(Number(seq), Number(at));
  });
  const sentAt: number[] = [];
  const sendMs: number[] = [];
  for (let seq = 0; seq < total; seq++) {
    await sleep(GAP_MS.min + Math.random() * (GAP_MS.max - GAP_MS.min));
    const before = epochMs();
    await producer.send(queue, seq);
    const after = epochMs();
    sentAt[seq] = after;
    if (seq >= WARMUP_JOBS) sendMs.push(after - before);
  }
  await until(() => startedAt.size >= total, PICKUP_TIMEOUT_MS, `${c.library}: every latency job handled`, 5);
  const { totals } = await stopWorkers([worker], total);
  const pickup = summarize(
    Array.from(
      { length: LATENCY_JOBS },
      (_, i) => (startedAt.get(WARMUP_JOBS + i) ?? Number.NaN) - (sentAt[WARMUP_JOBS + i] ?? Number.NaN),
    ),
  );
  return [
    c.library,
    c.label,
    String(pickup.count),
    ms(pickup.p50),
    ms(pickup.p95),
    ms(pickup.max),
    ms(summarize(sendMs).p50),
    ranOnce(totals),
  ];
}

async function measureThroughput(c: Case, processes: number, producer: Producer): Promise<{ row: string[]; cpu: string }> {
  const queue = await freshQueue(producer, 'throughput');
  const latest = new Map<number, { handled: number; lastStart: number }>();
  const handled = () => [...latest.values()].reduce((sum, w) => sum + w.handled, 0);
  // When 99% had started (to the workers' 50 ms reports): a gap from there to the last start shows stragglers.
  let mostStartedAt = 0;
  const workers: RunningWorker[] = [];
  for (let i = 0; i < processes; i++) {
    const spec = { library: c.library, queue, settings: c.settings, mode: 'throughput', jobs: JOBS } as const;
    workers.push(
      await startWorker(spec, ([kind, count, lastStart]) => {
        if (kind !== 'count') return;
        latest.set(i, { handled: Number(count), lastStart: Number(lastStart) });
        if (!mostStartedAt && handled() >= 0.99 * JOBS) mostStartedAt = Number(lastStart);
      }),
    );
  }
  const roles: CpuRole[] = [
    { name: 'postgres', postgresOf: dataDir },
    ...workers.map((w, i) => ({ name: `worker ${i + 1}`, pgid: w.started.pgid })),
    { name: 'bench (enqueue)', self: true },
  ];
  await waitForQuietMachine(30_000);
  const cpuBefore = cpuMark();
  const t0 = epochMs();
  for (let first = 0; first < JOBS; first += ENQUEUE_CHUNK) {
    await producer.sendMany(
      queue,
      Array.from({ length: Math.min(ENQUEUE_CHUNK, JOBS - first) }, (_, i) => first + i),
    );
  }
  const enqueuedSeconds = (epochMs() - t0) / 1000;
  await until(() => handled() >= JOBS, DRAIN_TIMEOUT_MS, `${c.library}: ${JOBS} jobs handled`, 10);
  const seconds = (Math.max(...[...latest.values()].map((w) => w.lastStart)) - t0) / 1000;
  const cpu = describeCpu(cpuBetween(cpuBefore, cpuMark(), roles));
  // Handled is not yet completed: wait for the library to record every job as done before counting.
  await until(async () => (await producer.pending(queue)).unfinished === 0, 30_000, `${c.library}: every job completed`, 100);
  const { failed } = await producer.pending(queue);
  const { totals, perProcess } = await stopWorkers(workers, JOBS);
  return {
    row: [
      c.library,
      c.label,
      String(processes),
      String(JOBS),
      enqueuedSeconds.toFixed(2),
      ((mostStartedAt - t0) / 1000).toFixed(2),
      seconds.toFixed(2),
      (JOBS / seconds).toFixed(0),
      perProcess.join(' + '),
      String(failed),
      ranOnce(totals),
    ],
    cpu: `${c.library}, ${processes} process${processes > 1 ? 'es' : ''}: ${cpu}`,
  };
}

interface CronRun {
  process: number;
  at: number;
}

/** Both libraries at once (the runs are tiny): two worker processes each, all scheduling the same job every minute. */
async function observeCron(producers: Record<LibraryName, Producer>): Promise<string[][]> {
  const toBoundary = MINUTE_MS - (epochMs() % MINUTE_MS);
  if (toBoundary < CRON_START_MARGIN_MS) await sleep(toBoundary + 1_000);
  const startMinute = Math.floor(epochMs() / MINUTE_MS);
  const names = Object.keys(libraries) as LibraryName[];
  const runs = Object.fromEntries(names.map((name) => [name, [] as CronRun[]])) as Record<LibraryName, CronRun[]>;
  const queue = 'every-minute';
  for (const library of names) await producers[library].prepare(queue);
  const workers = await Promise.all(
    names.flatMap((library) =>
      [1, 2].map((n) =>
        startWorker({ library, queue, settings: CRON_SETTINGS[library].settings, mode: 'cron', jobs: 0 }, ([kind, at]) => {
          if (kind === 'cron') runs[library].push({ process: n, at: Number(at) });
        }),
      ),
    ),
  );
  if (Math.floor(epochMs() / MINUTE_MS) !== startMinute) throw new Error('cron workers took too long to start');
  const lastBoundary = (startMinute + CRON_MINUTES) * MINUTE_MS;
  console.log(
    `Observing the periodic job until ${new Date(lastBoundary + CRON_GRACE_MS).toISOString()} (${CRON_MINUTES} minute boundaries + ${CRON_GRACE_MS / 1000} s)...`,
  );
  await sleep(lastBoundary + CRON_GRACE_MS - epochMs());
  for (const worker of workers) await stopProcess(worker.started);
  return names.map((library) => {
    const mine = runs[library];
    const inMinute = (minute: number) => mine.filter((r) => Math.floor(r.at / MINUTE_MS) === minute);
    const minutes = Array.from({ length: CRON_MINUTES }, (_, i) => startMinute + 1 + i);
    const perMinute = minutes.map((minute) => inMinute(minute).length);
    const late = minutes.flatMap((minute) => inMinute(minute).map((r) => r.at - minute * MINUTE_MS));
    const duplicates = [startMinute, ...minutes].filter((minute) => inMinute(minute).length > 1).length;
    return [
      library,
      CRON_SETTINGS[library].label,
      '2',
      String(inMinute(startMinute).length),
      perMinute.join(', '),
      [1, 2].map((p) => mine.filter((r) => r.process === p).length).join(' + '),
      String(duplicates),
      String(perMinute.filter((n) => n === 0).length),
      late.length ? ms(Math.max(...late), 0) : '-',
    ];
  });
}

console.log('bench/job-libraries: pg-boss and graphile-worker on one PostgreSQL, pickup latency, throughput, periodic jobs');
console.log(machineLine());
const database = startScript('postgres', 'bench/jobs/database.ts', { dataDir });
const producers = {} as Record<LibraryName, Producer>;
try {
  await waitForOutput(database, 'ready', READY_TIMEOUT_MS);
  const databaseUrl = await embeddedDatabaseUrl(dataDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const serverVersion = (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]?.v;
  await client.end();
  for (const name of Object.keys(libraries) as LibraryName[]) producers[name] = await libraries[name].producer(databaseUrl);
  console.log(
    `Versions: pg-boss ${libraries['pg-boss'].version} (11+ needs Node 22), graphile-worker ${libraries['graphile-worker'].version} ` +
      `(0.17+ needs Node 22.18), PostgreSQL ${serverVersion} embedded (bench/jobs/database.ts, fresh data directory). Each library in its own schema.`,
  );
  console.log(
    'Processes: this one enqueues and measures; every worker is a child process of its own (tsx bench/jobs/worker.ts) whose ' +
      'handler only notes the time and counts the job. Times are taken on the wall clock all processes share.\n',
  );
  await waitForQuietMachineAndSay();

  console.log(
    `\nPickup latency: ${LATENCY_JOBS} jobs (after ${WARMUP_JOBS} warm-up jobs), each sent on its own after a random ${GAP_MS.min}-${GAP_MS.max} ms ` +
      'gap, to a worker with nothing else to do; from the send call returning to the handler starting.',
  );
  const latencyRows: string[][] = [];
  for (const c of LATENCY_CASES) latencyRows.push(await measureLatency(c, producers[c.library]));
  console.log(formatTable(['library', 'settings', 'jobs', 'p50 ms', 'p95 ms', 'max ms', 'send call p50 ms', 'each ran once'], latencyRows));

  console.log(
    `\nThroughput: ${JOBS} tiny jobs enqueued in bulk (${ENQUEUE_CHUNK} per statement) while the worker processes wait; ` +
      'timed from the first enqueue to the last handler starting (jobs/s over that time).',
  );
  const throughput = [];
  for (const c of THROUGHPUT_CASES) {
    for (const processes of [1, 2]) throughput.push(await measureThroughput(c, processes, producers[c.library]));
  }
  console.log(
    formatTable(
      [
        'library',
        'settings',
        'processes',
        'jobs',
        'enqueue s',
        '99% started s',
        'all started s',
        'jobs/s',
        'ran per process',
        'failed',
        'each ran once',
      ],
      throughput.map((t) => t.row),
    ),
  );
  console.log(`CPU seconds while draining:\n${throughput.map((t) => `  ${t.cpu}`).join('\n')}`);

  console.log(
    '\nPeriodic job: the smallest period both libraries schedule is one minute (cron syntax; pg-boss also dedupes a schedule ' +
      'per 60 s), so two processes per library each schedule the same every-minute job and the bench watches whole minutes.',
  );
  console.log(
    formatTable(
      [
        'library',
        'schedule',
        'processes',
        'runs in start minute',
        'runs per later minute',
        'runs per process',
        'minutes run twice',
        'minutes missed',
        'latest run after the minute ms',
      ],
      await observeCron(producers),
    ),
  );
} finally {
  for (const producer of Object.values(producers)) await producer.stop();
  await stopProcess(database, dataDir);
  await removeDir(dataDir);
}
