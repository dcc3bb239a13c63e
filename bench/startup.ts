// Seconds from spawning the console to its first 200 on `/`, first start (initdb + migrations) and second start
// (same DATA_DIR), for `npm start` (web build + server) and for the server alone.
// Run: npx tsx bench/startup.ts   (BENCH_RUNS=n repetitions, default 3; the summary gives medians)
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  formatTable,
  freePort,
  machineLine,
  postgresProcessesFor,
  removeDir,
  repoRoot,
  type StopReport,
  serverEnv,
  startProcess,
  stopProcess,
  tempDataDir,
  waitFor200,
  waitForQuietMachine,
} from './lib/processes.ts';

const START_TIMEOUT_MS = 300_000;
const REPETITIONS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3) || 3, 1), 10);

interface Run {
  rep: number;
  what: string;
  start: 'first' | 'second';
  seconds: number;
  runningLineSeconds: number | null;
  stop: StopReport;
  strayPostgres: number;
  /** Busy cores on the machine just before the start (other engineers share it). */
  busyBefore: number;
}

async function measure(
  rep: number,
  what: string,
  start: 'first' | 'second',
  command: string,
  args: string[],
  dataDir: string,
): Promise<Run> {
  const { busyCores } = await waitForQuietMachine(120_000);
  const port = await freePort();
  const started = startProcess({
    label: `${what} (${start} start)`,
    command,
    args,
    env: serverEnv(port, dataDir),
    watch: ['is running at'],
  });
  let answeredAt: number;
  try {
    answeredAt = await waitFor200(`http://127.0.0.1:${port}/`, started, START_TIMEOUT_MS);
  } catch (err) {
    await stopProcess(started, dataDir);
    throw err;
  }
  const runningLine = started.marks.get('is running at');
  const stop = await stopProcess(started, dataDir);
  return {
    rep,
    what,
    start,
    seconds: (answeredAt - started.spawnedAt) / 1000,
    runningLineSeconds: runningLine === undefined ? null : (runningLine - started.spawnedAt) / 1000,
    stop,
    strayPostgres: postgresProcessesFor(dataDir).length,
    busyBefore: busyCores,
  };
}

async function measurePair(rep: number, what: string, command: string, args: string[]): Promise<Run[]> {
  const dataDir = await tempDataDir('startup');
  try {
    const first = await measure(rep, what, 'first', command, args, dataDir);
    const second = await measure(rep, what, 'second', command, args, dataDir);
    return [first, second];
  } finally {
    await removeDir(dataDir);
  }
}

async function measureWebBuild(): Promise<number> {
  await waitForQuietMachine(120_000);
  const started = startProcess({ label: 'npm run build -w apps/web', command: 'npm', args: ['run', 'build', '-w', 'apps/web'] });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), START_TIMEOUT_MS).unref());
  const result = await Promise.race([started.exited, timeout]);
  const seconds = (performance.now() - started.spawnedAt) / 1000;
  await stopProcess(started);
  if (result?.code !== 0) throw new Error(`web build failed (${result ? `code ${result.code}` : 'timed out'}):\n${started.output()}`);
  return seconds;
}

console.log('bench/startup: seconds from spawn to the first 200 on GET /');
console.log(machineLine());
console.log('The console runs as a child process (its own process group); this script only polls GET / every 25 ms.');
console.log('Other engineers share this machine: each start waits (at most 120 s) for it to be nearly idle (<= 0.25 busy cores).\n');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const s = (n: number | null) => (n === null ? '-' : n.toFixed(2));

const webBuilds: number[] = [];
const runs: Run[] = [];
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
for (let rep = 1; rep <= REPETITIONS; rep++) {
  webBuilds.push(await measureWebBuild());
  runs.push(...(await measurePair(rep, 'npm start', 'npm', ['start'])));
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist/index.html is missing after npm start; the server alone cannot answer 200 on /');
  }
  runs.push(...(await measurePair(rep, 'server alone', tsx, ['apps/server/src/main.ts'])));
}

const leftOver = (r: Run) => {
  const parts = [
    r.stop.leftovers.length ? `${r.stop.leftovers.length} processes (see below)` : '',
    r.strayPostgres ? `${r.strayPostgres} postgres still running` : '',
    r.stop.postmasterPidLeft ? 'postmaster.pid left' : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'nothing';
};
console.log(
  formatTable(
    [
      'rep',
      'command',
      'start',
      'busy cores before',
      's to first 200 on /',
      "s to 'is running at'",
      'SIGTERM: s to exit',
      's until tree + postgres gone',
      'exit',
      'left over',
    ],
    runs.map((r) => [
      String(r.rep),
      r.what,
      r.start === 'first' ? 'first (fresh DATA_DIR)' : 'second (same DATA_DIR)',
      s(r.busyBefore),
      s(r.seconds),
      s(r.runningLineSeconds),
      s(r.stop.topExitSeconds),
      s(r.stop.treeGoneSeconds),
      r.stop.exit,
      leftOver(r),
    ]),
  ),
);

console.log(`\nSummary, median of ${REPETITIONS} (min-max), seconds from spawn to the first 200 on /:`);
const summary: string[][] = [];
const medians = new Map<string, number>();
for (const what of ['npm start', 'server alone']) {
  for (const start of ['first', 'second'] as const) {
    const values = runs.filter((r) => r.what === what && r.start === start).map((r) => r.seconds);
    medians.set(`${what} ${start}`, median(values));
    summary.push([what, start, s(median(values)), `${s(Math.min(...values))}-${s(Math.max(...values))}`]);
  }
}
summary.push([
  'npm run build -w apps/web (alone, to exit)',
  '-',
  s(median(webBuilds)),
  `${s(Math.min(...webBuilds))}-${s(Math.max(...webBuilds))}`,
]);
console.log(formatTable(['command', 'start', 'median s', 'min-max s'], summary));

const share = (start: string) => (medians.get(`npm start ${start}`) ?? 0) - (medians.get(`server alone ${start}`) ?? 0);
console.log(
  '\nnpm start = node scripts/build-web-if-stale.mjs (builds apps/web only when its sources changed) && exec tsx apps/server/src/main.ts',
);
console.log('server alone = tsx apps/server/src/main.ts with apps/web/dist already built');
console.log(
  `web build + npm share (median npm start minus median server alone): first ${s(share('first'))} s, second ${s(share('second'))} s`,
);
console.log('first start includes initdb, CREATE DATABASE, migrations and creating the first admin (one argon2id hash).');
console.log('Stop = SIGTERM to the spawned process only, as `kill <pid>` or a supervisor would send it.');
for (const r of runs) {
  if (!r.stop.leftovers.length) continue;
  console.log(`\nstill alive 15 s after ${r.what} (rep ${r.rep}, ${r.start} start) exited on SIGTERM:`);
  for (const line of r.stop.leftovers) console.log(`  ${line}`);
  console.log(`  cleanup: ${r.stop.cleanup}`);
}
