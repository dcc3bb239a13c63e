// Signed webhook ingest: events/s and time to the 200 for POST /api/webhooks/whatsapp on the real server (signed
// inbound text messages, a new wamid each), beside a bare Fastify route doing one INSERT on the same database, in the
// same run. Then how long the processor takes to drain the backlog, and a check that every event was stored once.
// Run: npm run bench:webhook [-- --duration 60 --connections 100]
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { scriptResult, startScript, waitForOutput } from './lib/child-runs.ts';
import { type CpuRole, type CpuUsage, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import {
  formatTable,
  machineLine,
  postgresProcessesFor,
  removeDir,
  startBareServer,
  startServer,
  stopProcess,
  tempDataDir,
  waitForQuietMachine,
} from './lib/processes.ts';
import { clamp } from './lib/stats.ts';
import { WEBHOOK_CUSTOMERS as CUSTOMERS, liveWhatsappEnv, preflightWebhook } from './lib/webhook-bodies.ts';
import type { LoadOutput, LoadSpec } from './load/webhook-load.ts';

const { values: args } = parseArgs({ options: { duration: { type: 'string' }, connections: { type: 'string' } } });
const DURATION = clamp(args.duration ?? process.env.BENCH_DURATION, 60, 1, 300);
const CONNECTIONS = clamp(args.connections ?? process.env.BENCH_CONNECTIONS, 100, 1, 1000);
const WARMUP_SECONDS = 3;
const DRAIN_TIMEOUT_MS = 3_600_000;
const DRAIN_PROGRESS_MS = 30_000;
const TARGET_RATE = 5_000;
const TARGET_RATIO = 0.6;
/** A bare run during which other processes used more than this share of the machine is repeated once. */
const INTERFERENCE_SHARE = 0.1;

interface Target {
  name: string;
  url: string;
  table: 'bench_bare_events' | 'webhook_events';
  roles: CpuRole[];
}

interface BacklogSample {
  second: number;
  waiting: number;
}

interface Measured {
  target: Target;
  load: LoadOutput;
  cpu: CpuUsage;
  attempts: number;
  backlog: BacklogSample[];
  drain: { seconds: number; waitingAtEnd: number; cpu: CpuUsage } | null;
}

const count = async (pool: pg.Pool, sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
const waiting = (pool: pg.Pool) => count(pool, 'SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL');

/** Runs the load generator; `whileRunning` is called once the load starts and told (by the signal) when it stops. */
async function runLoad(
  target: Target,
  run: string,
  duration: number,
  dataDir: string,
  whileRunning?: (stop: AbortSignal) => Promise<void>,
) {
  const resultFile = path.join(dataDir, `load-${run}.json`);
  const spec: LoadSpec = { url: target.url, connections: CONNECTIONS, duration, run, customers: CUSTOMERS, resultFile };
  const child = startScript(`load generator (${run})`, 'bench/load/webhook-load.ts', spec);
  await waitForOutput(child, 'load started', 60_000);
  const before = cpuMark();
  const stop = new AbortController();
  const running = whileRunning?.(stop.signal);
  try {
    await waitForOutput(child, 'load finished', (duration + 60) * 1000);
  } finally {
    stop.abort();
  }
  const after = cpuMark();
  await running;
  const roles: CpuRole[] = [...target.roles, { name: 'load generator', pgid: child.pgid }, { name: 'orchestrator', self: true }];
  return { load: await scriptResult<LoadOutput>(child, resultFile), cpu: cpuBetween(before, after, roles) };
}

/** Polls the backlog until it is empty; resolves with the seconds since `since` (a Date.now() value). */
async function drained(pool: pg.Pool, since: number): Promise<number> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let nextProgress = Date.now() + DRAIN_PROGRESS_MS;
  for (let left = await waiting(pool); left > 0; left = await waiting(pool)) {
    if (Date.now() > deadline) throw new Error(`backlog not drained within ${DRAIN_TIMEOUT_MS / 1000} s`);
    if (Date.now() > nextProgress) {
      console.log(`  draining: ${left} events waiting ${((Date.now() - since) / 1000).toFixed(0)} s after the load`);
      nextProgress += DRAIN_PROGRESS_MS;
    }
    await sleep(100);
  }
  return (Date.now() - since) / 1000;
}

async function measureOnce(target: Target, attempt: number, dataDir: string, pool: pg.Pool, roles: CpuRole[]) {
  const isWebhook = target.table === 'webhook_events';
  await waitForQuietMachine();
  await runLoad(target, `${target.table}-warm-${attempt}`, WARMUP_SECONDS, dataDir);
  if (isWebhook) await drained(pool, Date.now());
  await sleep(1_000);
  const backlog: BacklogSample[] = [];
  const sampleBacklog = async (stop: AbortSignal) => {
    const t0 = performance.now();
    for (let second = 1; !stop.aborted; second++) {
      await sleep(Math.max(0, t0 + second * 1000 - performance.now()), undefined, { signal: stop }).catch(() => {});
      if (!stop.aborted) backlog.push({ second, waiting: await waiting(pool) });
    }
  };
  const { load, cpu } = await runLoad(target, `${target.table}-${attempt}`, DURATION, dataDir, isWebhook ? sampleBacklog : undefined);
  let drain: Measured['drain'] = null;
  if (isWebhook) {
    const atEnd = cpuMark();
    const waitingAtEnd = await waiting(pool);
    const seconds = await drained(pool, load.finishedAt);
    drain = { seconds, waitingAtEnd, cpu: cpuBetween(atEnd, cpuMark(), roles) };
  }
  return { target, load, cpu, backlog, drain };
}

/**
 * Repeats the bare run once when other processes disturbed it. The webhook run is not repeated: its backlog takes
 * minutes to drain; its disturbance is printed with it.
 */
async function measure(target: Target, dataDir: string, pool: pg.Pool, roles: CpuRole[]): Promise<Measured> {
  const first = await measureOnce(target, 1, dataDir, pool, roles);
  const disturbed = first.cpu.others > INTERFERENCE_SHARE * DURATION * os.cpus().length;
  if (!disturbed || target.table === 'webhook_events') return { ...first, attempts: 1 };
  console.log(
    `  disturbed: other processes used ${first.cpu.others.toFixed(1)} CPU s (${first.cpu.heaviestOthers.join('; ')}); repeating once`,
  );
  const again = await measureOnce(target, 2, dataDir, pool, roles);
  return { ...(again.cpu.others < first.cpu.others ? again : first), attempts: 2 };
}

console.log('bench/webhook-ingest: signed WhatsApp webhooks against the real server, beside a bare Fastify INSERT route');
console.log(machineLine());
console.log(
  'Processes: real server = child (tsx apps/server/src/main.ts, LOG_LEVEL=warn, live WhatsApp mode with a known app secret, ' +
    'embedded PostgreSQL as its child, fresh DATA_DIR); bare Fastify + pg INSERT = another child on the same database; ' +
    'autocannon = a third child (the load generator), started per run; this process only orchestrates and samples the backlog. ' +
    'All on 127.0.0.1, sharing the same cores.',
);
console.log(
  `Each run: ${WARMUP_SECONDS} s warm-up (discarded; the webhook's backlog is drained after it), then ${DURATION} s with ${CONNECTIONS} connections, ` +
    `pipelining 1. Every request is an inbound text message as Meta shapes it (about 600 bytes) with a new wamid, from one of ${CUSTOMERS} customers, ` +
    'signed with HMAC-SHA256 of the raw body; the bare route receives the same requests and ignores the signature.\n',
);

const dataDir = await tempDataDir('webhook');
const server = await startServer('server', dataDir, liveWhatsappEnv());
const databaseUrl = await embeddedDatabaseUrl(dataDir);
const { started: bare, port: barePort } = await startBareServer('bare insert server', 'bench/bare-insert-server.ts', '/health', {
  DATABASE_URL: databaseUrl,
});
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

try {
  await preflightWebhook(server.baseUrl);
  const postgresRole: CpuRole = { name: 'postgres', postgresOf: dataDir };
  const serverRoles: CpuRole[] = [postgresRole, { name: 'server', pgid: server.started.pgid }];
  const targets: Target[] = [
    {
      name: 'bare Fastify: one INSERT',
      url: `http://127.0.0.1:${barePort}/bare-insert`,
      table: 'bench_bare_events',
      roles: [postgresRole, { name: 'bare server', pgid: bare.pgid }],
    },
    { name: 'POST /api/webhooks/whatsapp', url: `${server.baseUrl}/api/webhooks/whatsapp`, table: 'webhook_events', roles: serverRoles },
  ];
  const measured: Measured[] = [];
  for (const target of targets) {
    console.log(`running ${target.name}`);
    const m = await measure(target, dataDir, pool, serverRoles);
    measured.push(m);
    console.log(`  ${Math.round(m.load.result.requests.average)} req/s; ${describeCpu(m.cpu)}`);
  }

  const [bareRun, webhookRun] = measured as [Measured, Measured];
  const rate = (m: Measured) => m.load.result.requests.average;
  const ratio = rate(webhookRun) / rate(bareRun);
  console.log('');
  console.log(
    formatTable(
      ['endpoint', 'req/s mean', 'req/s min 1-s', 'p50 ms', 'p99 ms', 'max ms', '2xx', 'non-2xx', 'errors', 'timeouts', 'attempts'],
      measured.map(({ target, load: { result }, attempts }) => [
        target.name,
        result.requests.average.toFixed(0),
        String(result.requests.min),
        String(result.latency.p50),
        String(result.latency.p99),
        String(result.latency.max),
        String(result['2xx']),
        String(result.non2xx),
        String(result.errors),
        String(result.timeouts),
        String(attempts),
      ]),
    ),
  );
  console.log(`\nCPU during each measured ${DURATION} s (all ${os.cpus().length} cores busy = ${DURATION * os.cpus().length} CPU s):`);
  for (const m of measured) console.log(`  ${m.target.name}: ${describeCpu(m.cpu)}`);
  console.log(
    `\nWebhook intake ${rate(webhookRun).toFixed(0)} events/s (target ${TARGET_RATE}: ${rate(webhookRun) >= TARGET_RATE ? 'met' : 'MISSED'}); ` +
      `ratio to the bare INSERT route ${ratio.toFixed(2)} (target ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}).`,
  );

  const drain = webhookRun.drain;
  if (drain) {
    const samples = webhookRun.backlog;
    const every = Math.max(1, Math.ceil(samples.length / 12));
    console.log(
      `Processor backlog (events stored, not yet processed) during the webhook run, every ${every} s: ` +
        samples
          .filter((_, i) => (i + 1) % every === 0)
          .map((s) => `${s.second}s:${s.waiting}`)
          .join(' '),
    );
    const processedDuringLoad = webhookRun.load.result['2xx'] - drain.waitingAtEnd;
    console.log(
      `Processed while the load ran: about ${Math.round(processedDuringLoad / DURATION)} events/s; ${drain.waitingAtEnd} waiting when the load stopped, ` +
        `drained ${drain.seconds.toFixed(1)} s after it (about ${Math.round(drain.waitingAtEnd / Math.max(drain.seconds, 0.001))} events/s with the server otherwise idle; ${describeCpu(drain.cpu)}).`,
    );
  }

  const check = async (sql: string) => count(pool, sql);
  const wamidOf = "e.payload #>> '{entry,0,changes,0,value,messages,0,id}'";
  const events = await check('SELECT count(*)::text AS n FROM webhook_events');
  const distinctEventWamids = await check(`SELECT count(DISTINCT ${wamidOf})::text AS n FROM webhook_events e`);
  const unprocessedOrFailed = await check(
    'SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL OR attempts <> 1 OR error IS NOT NULL',
  );
  const messages = await check("SELECT count(*)::text AS n FROM messages WHERE direction = 'inbound'");
  const distinctMessageWamids = await check("SELECT count(DISTINCT wamid)::text AS n FROM messages WHERE direction = 'inbound'");
  const eventsWithoutMessage = await check(
    `SELECT count(*)::text AS n FROM webhook_events e LEFT JOIN messages m ON m.wamid = ${wamidOf} WHERE m.id IS NULL`,
  );
  const unread = await check('SELECT coalesce(sum(unread_count), 0)::text AS n FROM conversations');
  const contacts = await check('SELECT count(*)::text AS n FROM contacts');
  const answered = measured.filter((m) => m.target.table === 'webhook_events').reduce((n, m) => n + m.load.result['2xx'], 0);
  const exactlyOnce =
    events === distinctEventWamids && messages === events && distinctMessageWamids === messages && eventsWithoutMessage === 0;
  console.log(
    `\nStored exactly once: ${exactlyOnce && unprocessedOrFailed === 0 ? 'yes' : 'NO'}. webhook_events ${events} rows (${distinctEventWamids} distinct wamids; ` +
      `${unprocessedOrFailed} unprocessed, retried or failed); inbound messages ${messages} (${distinctMessageWamids} distinct wamids); ` +
      `events with no message ${eventsWithoutMessage}; sum of unread counts ${unread}; contacts ${contacts}. ` +
      `The measured webhook run(s) got ${answered} 200s; the rest of the rows are the preflight, the warm-ups and requests still in flight when autocannon stopped (stored, their 200 not counted).`,
  );
  const bareRows = await check('SELECT count(*)::text AS n FROM bench_bare_events');
  console.log(`bench_bare_events: ${bareRows} rows (warm-up included).`);
  console.log(
    `\nreq/s = autocannon's mean of per-second samples (min 1-s = the slowest second); latencies are to the complete response (the 200), from autocannon's histogram; ratio = webhook req/s / bare req/s. ` +
      'The load generator shares the 2 cores with the servers and postgres, so both figures are lower than on separate machines.',
  );
} finally {
  await pool.end();
  const stops = [await stopProcess(bare), await stopProcess(server.started, dataDir)];
  const strays = postgresProcessesFor(dataDir).length;
  const leftovers = stops.flatMap((s) => s.leftovers);
  console.log(
    `Stopped: bare ${stops[0]?.exit}, server ${stops[1]?.exit} in ${stops[1]?.topExitSeconds.toFixed(2)} s; ` +
      (leftovers.length || strays ? `LEFT OVER: ${leftovers.join('; ')} (${strays} postgres)` : 'no process or postgres left over.'),
  );
  await removeDir(dataDir);
}
