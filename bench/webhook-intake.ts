// Webhook intake while the server processes what it accepted, as in production: signed inbound texts posted by 64
// connections for 30 s to the real server of this checkout and of other checkouts (--tree name=path, each with its own
// node_modules), beside a bare node:http server doing one INSERT per event, all in one run. Per run: accepted events/s,
// p50/p99, events processed during the load, and the server's and PostgreSQL's CPU per event (load and drain together),
// the figure that other people's load on the machine moves least.
// Run: npm run bench:webhook-intake [-- --tree old=cd8da7c --tree main=/path/to/checkout --rounds 2 --duration 30 --connections 64]
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkoutOf } from './lib/checkouts.ts';
import { scriptResult, startScript, waitForOutput } from './lib/child-runs.ts';
import { type CpuRole, type CpuUsage, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import {
  formatTable,
  machineLine,
  postgresProcessesFor,
  removeDir,
  repoRoot,
  type Started,
  startBareServer,
  startServer,
  stopProcess,
  tempDataDir,
  waitForQuietMachine,
} from './lib/processes.ts';
import { clamp } from './lib/stats.ts';
import { WEBHOOK_CUSTOMERS as CUSTOMERS, liveWhatsappEnv, preflightWebhook } from './lib/webhook-bodies.ts';
import type { LoadOutput, LoadSpec } from './load/webhook-load.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    rounds: { type: 'string' },
    tree: { type: 'string', multiple: true },
    'no-bare': { type: 'boolean' },
    'quiet-wait': { type: 'string' },
  },
});
const DURATION = clamp(args.duration ?? process.env.BENCH_DURATION, 30, 1, 300);
const CONNECTIONS = clamp(args.connections ?? process.env.BENCH_CONNECTIONS, 64, 1, 1000);
const ROUNDS = clamp(args.rounds ?? process.env.BENCH_ROUNDS, 2, 1, 10);
/** Seconds to wait at most, before each run, for other people's processes to leave the machine nearly idle. */
const QUIET_WAIT = clamp(args['quiet-wait'] ?? process.env.BENCH_QUIET_WAIT, 60, 0, 600);
const WARMUP_SECONDS = 3;
const DRAIN_TIMEOUT_MS = 600_000;

/** `--tree name=path|commit`, repeatable; BENCH_BASELINE=path is the same as --tree baseline=path. */
const otherTrees = [...(args.tree ?? []), ...(process.env.BENCH_BASELINE ? [`baseline=${process.env.BENCH_BASELINE}`] : [])].map((spec) =>
  checkoutOf(spec, { install: true }),
);

interface Target {
  name: string;
  url: string;
  /** Whether the target processes what it accepted (the bare server only stores it). */
  processes: boolean;
  roles: CpuRole[];
  pool: pg.Pool;
}

interface Run {
  target: Target;
  round: number;
  load: LoadOutput;
  cpu: CpuUsage;
  processedDuringLoad: number;
  drain: { seconds: number; cpu: CpuUsage } | null;
}

const count = async (pool: pg.Pool, sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
const waiting = (pool: pg.Pool) => count(pool, 'SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL');

async function drained(pool: pg.Pool): Promise<number> {
  const t0 = performance.now();
  while ((await waiting(pool)) > 0) {
    if (performance.now() - t0 > DRAIN_TIMEOUT_MS) throw new Error(`backlog not drained within ${DRAIN_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
  return (performance.now() - t0) / 1000;
}

async function runLoad(target: Target, run: string, duration: number, dataDir: string) {
  const resultFile = path.join(dataDir, `load-${run}.json`);
  const spec: LoadSpec = { url: target.url, connections: CONNECTIONS, duration, run, customers: CUSTOMERS, resultFile };
  const child = startScript(`load generator (${run})`, 'bench/load/webhook-load.ts', spec);
  await waitForOutput(child, 'load started', 60_000);
  const before = cpuMark();
  await waitForOutput(child, 'load finished', (duration + 60) * 1000);
  const after = cpuMark();
  const roles: CpuRole[] = [...target.roles, { name: 'load generator', pgid: child.pgid }];
  return { load: await scriptResult<LoadOutput>(child, resultFile), cpu: cpuBetween(before, after, roles) };
}

async function measure(target: Target, round: number, dataDir: string): Promise<Run> {
  const quiet = await waitForQuietMachine(QUIET_WAIT * 1000);
  const tag = `${target.name.replace(/\W+/g, '-')}-${round}`;
  await runLoad(target, `${tag}-warm`, WARMUP_SECONDS, dataDir);
  if (target.processes) await drained(target.pool);
  await sleep(1_000);
  const { load, cpu } = await runLoad(target, tag, DURATION, dataDir);
  let processedDuringLoad = 0;
  let drain: Run['drain'] = null;
  if (target.processes) {
    const atEnd = cpuMark();
    processedDuringLoad = load.result['2xx'] - (await waiting(target.pool));
    const seconds = await drained(target.pool);
    drain = { seconds, cpu: cpuBetween(atEnd, cpuMark(), target.roles) };
  }
  console.log(
    `  round ${round} ${target.name}: ${Math.round(load.result.requests.average)} events/s, p99 ${load.result.latency.p99} ms ` +
      `(machine ${quiet.busyCores.toFixed(2)} busy cores before); ${describeCpu(cpu)}`,
  );
  return { target, round, load, cpu, processedDuringLoad, drain };
}

const serverCpu = (run: Run, cpu: CpuUsage) => run.target.roles.reduce((s, role) => s + (cpu.byRole[role.name] ?? 0), 0);

function row(run: Run): string[] {
  const { result } = run.load;
  const accepted = result['2xx'];
  const role = (name: string) => run.cpu.byRole[name] ?? 0;
  const [appRole, pgRole] = run.target.roles.map((r) => r.name) as [string, string];
  const total = serverCpu(run, run.cpu) + (run.drain ? serverCpu(run, run.drain.cpu) : 0);
  return [
    String(run.round),
    run.target.name,
    result.requests.average.toFixed(0),
    String(result.latency.p50),
    String(result.latency.p99),
    `${accepted}`,
    `${result.non2xx + result.errors + result.timeouts}`,
    run.target.processes ? (run.processedDuringLoad / DURATION).toFixed(0) : '-',
    run.drain ? run.drain.seconds.toFixed(1) : '-',
    `${role(appRole).toFixed(1)} / ${role(pgRole).toFixed(1)}`,
    `${(run.cpu.byRole['load generator'] ?? 0).toFixed(1)}`,
    `${run.cpu.others.toFixed(1)} / ${run.cpu.interrupts.toFixed(1)}`,
    ((total * 1000) / Math.max(1, accepted)).toFixed(3),
  ];
}

console.log('bench/webhook-intake: signed webhook intake with processing running, checkouts side by side, beside a bare node:http INSERT');
console.log(machineLine());
console.log(
  `Each run: ${WARMUP_SECONDS} s warm-up (discarded, its backlog drained), then ${DURATION} s of ${CONNECTIONS} connections (autocannon in a child, pipelining 1) ` +
    `posting signed inbound texts (a new wamid each, from ${CUSTOMERS} customers) while the server's own processor keeps processing what it accepted; ` +
    `then the backlog is drained. ${ROUNDS} round(s), the order of the targets rotated each round. Every server is in live WhatsApp mode ` +
    "with a fresh DATA_DIR and its own embedded PostgreSQL; the bare server shares this checkout's PostgreSQL.\n",
);

interface Served {
  name: string;
  dataDir: string;
  started: Started;
  baseUrl: string;
  pool: pg.Pool;
}

const served: Served[] = [];
let bare: Started | undefined;
let lastStarted = 0;
try {
  for (const { name, tree } of [...otherTrees, { name: 'this checkout', tree: repoRoot }]) {
    const dataDir = await tempDataDir('intake');
    const server = await startServer(name, dataDir, liveWhatsappEnv(), tree);
    const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
    served.push({ name, dataDir, started: server.started, baseUrl: server.baseUrl, pool });
    lastStarted = performance.now();
    await preflightWebhook(server.baseUrl);
    console.log(`${name}: ${tree === repoRoot ? 'this checkout' : tree} (${server.baseUrl})`);
  }
  const mine = served.at(-1) as Served;
  const targets: Target[] = served.map((s) => ({
    name: s.name,
    url: `${s.baseUrl}/api/webhooks/whatsapp`,
    processes: true,
    roles: [
      { name: `${s.name} server`, pgid: s.started.pgid },
      { name: `${s.name} postgres`, postgresOf: s.dataDir },
    ],
    pool: s.pool,
  }));
  if (!args['no-bare']) {
    const started = await startBareServer('bare node:http', 'bench/bare-http-insert-server.ts', '/health', {
      DATABASE_URL: await embeddedDatabaseUrl(mine.dataDir),
    });
    bare = started.started;
    targets.unshift({
      name: 'bare node:http INSERT',
      url: `http://127.0.0.1:${started.port}/bare-insert`,
      processes: false,
      roles: [
        { name: 'bare server', pgid: bare.pgid },
        { name: 'bare postgres', postgresOf: mine.dataDir },
      ],
      pool: mine.pool,
    });
  }

  // A server publishes every realtime event through PostgreSQL for its first 10 s (until it knows it is alone).
  await sleep(Math.max(0, lastStarted + 11_000 - performance.now()));
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const shift = (round - 1) % targets.length;
    for (const target of [...targets.slice(shift), ...targets.slice(0, shift)]) runs.push(await measure(target, round, mine.dataDir));
  }

  console.log('');
  console.log(
    formatTable(
      [
        'round',
        'target',
        'events/s',
        'p50 ms',
        'p99 ms',
        'accepted',
        'failed',
        'processed/s during load',
        'drain s',
        'CPU s server / postgres',
        'CPU s load gen',
        'CPU s others / irq',
        'server+pg CPU ms per event',
      ],
      runs.map(row),
    ),
  );
  console.log('\nMean over the rounds:');
  for (const target of targets) {
    const mineRuns = runs.filter((r) => r.target === target);
    const mean = (f: (r: Run) => number) => mineRuns.reduce((s, r) => s + f(r), 0) / mineRuns.length;
    const perEvent = mean(
      (r) => ((serverCpu(r, r.cpu) + (r.drain ? serverCpu(r, r.drain.cpu) : 0)) * 1000) / Math.max(1, r.load.result['2xx']),
    );
    console.log(
      `  ${target.name}: ${mean((r) => r.load.result.requests.average).toFixed(0)} events/s, p99 ${mean((r) => r.load.result.latency.p99).toFixed(0)} ms, ` +
        `${perEvent.toFixed(3)} CPU ms per event (server + postgres, accepted and processed)`,
    );
  }
  const unprocessed = await Promise.all(
    served.map(
      async (s) =>
        [
          s.name,
          await count(
            s.pool,
            'SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL OR attempts <> 1 OR error IS NOT NULL',
          ),
        ] as const,
    ),
  );
  console.log(`\nEvents unprocessed, retried or failed: ${unprocessed.map(([name, n]) => `${name} ${n}`).join(', ')}.`);
  console.log(
    `events/s = autocannon's mean of per-second samples of 200s; p50/p99 to the 200. "processed/s during load" = events the processor finished while the load ran. ` +
      `CPU per event = the server's and its PostgreSQL's CPU during the load and the drain after it, over the events accepted. ` +
      `All ${os.cpus().length} cores are shared by the servers, PostgreSQL and the load generator, so events/s is bounded by the machine; compare runs of one invocation only.`,
  );
} finally {
  await Promise.all(served.map((s) => s.pool.end()));
  const stops = [];
  if (bare) stops.push(await stopProcess(bare));
  for (const s of served) stops.push(await stopProcess(s.started, s.dataDir));
  const strays = served.reduce((n, s) => n + postgresProcessesFor(s.dataDir).length, 0);
  const leftovers = stops.flatMap((s) => s.leftovers);
  console.log(
    leftovers.length || strays ? `LEFT OVER: ${leftovers.join('; ')} (${strays} postgres)` : 'Stopped: no process or postgres left over.',
  );
  for (const s of served) await removeDir(s.dataDir);
}
