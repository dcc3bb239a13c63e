// Campaign dispatch: pacing at the Graph side, uncapped throughput beside a bare client, and kill -9 mid-campaign.
// Every figure is counted where Meta would count it, by the Graph imitation's own counter of accepted sends.
// Layout 1 (the full loop): A is a server in sandbox mode (it is Meta: Graph, counters, status webhooks to its own
// webhook, which settle recipients for everyone) that also dispatches; B is a server on the same database whose
// WHATSAPP_API_URL is A's Graph. Layout 2: G is a sandbox server on a database of its own (Meta only: nothing there to
// dispatch) posting its statuses to a bare sink, called by servers on the console database (B and C paced, or U with
// CAMPAIGN_PACING=off beside a bare client sending the same requests). Layout 3: the same senders on a minimal Graph
// imitation that costs next to nothing, to show the dispatch's own limits.
// Run: npm run bench:campaign-dispatch [-- --seconds 60 --recipients 10000 --kills 20 --uncapped 30000 --slice 53]
//      [--only pacing,kill,uncapped] [--layouts 1,2,3] [--grace-ms 2000] [--full-loop-1000]
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signLicenseKey } from '../apps/server/src/modules/license/license-key.ts';
import { createCloudApiClient } from '../apps/server/src/whatsapp/cloud-api-client.ts';
import type { SendCounts } from '../apps/server/src/whatsapp/sandbox/send-counter.ts';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { type ConsoleApi, consoleApi, exactlyOnce, PROMO_TEMPLATE, perSecondStats, phonesOf } from './lib/campaign-api.ts';
import { startScript, waitForOutput } from './lib/child-runs.ts';
import { type CpuRole, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import {
  formatTable,
  freePort,
  machineLine,
  removeDir,
  repoRoot,
  type Started,
  serverEnv,
  startProcess,
  stopProcess,
  tempDataDir,
  waitFor200,
  waitForQuietMachine,
} from './lib/processes.ts';
import { clamp } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string' },
    recipients: { type: 'string' },
    kills: { type: 'string' },
    uncapped: { type: 'string' },
    slice: { type: 'string' },
    'grace-ms': { type: 'string' },
    only: { type: 'string' },
    layouts: { type: 'string' },
    'full-loop-1000': { type: 'boolean' },
  },
});
const SECONDS = clamp(args.seconds, 60, 5, 600);
const KILL_RECIPIENTS = clamp(args.recipients, 10_000, 100, 100_000);
const KILLS = clamp(args.kills, 20, 1, 100);
const UNCAPPED_SENDS = clamp(args.uncapped, 30_000, 1_000, 200_000);
/** The uncapped campaign's ratePerSecond: with pacing off it is the size of a claimed slice (53: a paced slot at 1,000/s). */
const SLICE = clamp(args.slice, 53, 1, 1_000);
const GRACE_MS = clamp(args['grace-ms'], 2_000, 1_000, 600_000);
/** As the dispatcher's default (campaign-dispatcher.ts): slices sent but not settled, per process. */
const MAX_IN_FLIGHT = 16;
const PHASES = new Set((args.only ?? 'pacing,kill,uncapped').split(','));
/** Which layouts the pacing phase measures. */
const LAYOUTS = new Set((args.layouts ?? '1,2,3').split(','));
const TEMPLATE = 'bench_promo';
/** The sandbox's (and so every server's) default ids. */
const PHONE_NUMBER_ID = '100000000000001';
const BUSINESS_ACCOUNT_ID = '200000000000001';
const TSX = `${repoRoot}/node_modules/.bin/tsx`;

const say = (line = '') => console.log(line);
const elapsed = (t0: number) => (performance.now() - t0) / 1000;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

// The cluster: one PostgreSQL (a child of its own), servers that can be killed and started again with the same env.

const LICENSE_SECRET = randomBytes(16).toString('hex');
const now = new Date();
const common: Record<string, string> = {
  LICENSE_KEY: signLicenseKey(
    {
      licenseId: 'bench-campaign-dispatch',
      customer: 'Bench',
      plan: 'enterprise',
      issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
    },
    LICENSE_SECRET,
  ),
  LICENSE_HMAC_SECRET: LICENSE_SECRET,
  WHATSAPP_ACCESS_TOKEN: randomBytes(24).toString('hex'),
  WHATSAPP_APP_SECRET: randomBytes(24).toString('hex'),
  WHATSAPP_VERIFY_TOKEN: randomBytes(12).toString('hex'),
  CAMPAIGN_IN_DOUBT_GRACE_MS: String(GRACE_MS),
  TEMPLATE_SYNC_INTERVAL_MS: '0',
  SANDBOX_TEMPLATE_REVIEW_MS: '50',
};

interface Server {
  label: string;
  baseUrl: string;
  env: Record<string, string>;
  started: Started;
  dataDir: string;
  /** Warnings and errors it logged, by message (pino JSON lines at LOG_LEVEL=warn), over all its lives. */
  logged: Map<string, number>;
  startSeconds: number;
}

function countLogLines(server: Server, started: Started): void {
  let partial = '';
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; cause?: { code?: string; message?: string } } };
        const why = entry.err?.message?.includes('deadlock detected')
          ? ' (deadlock detected)'
          : entry.err
            ? ` (${entry.err.cause?.code ?? entry.err.cause?.message ?? entry.err.message?.slice(0, 60) ?? ''})`
            : '';
        const key = `${entry.msg ?? '?'}${why}`;
        server.logged.set(key, (server.logged.get(key) ?? 0) + 1);
      } catch {
        // not a log line
      }
    }
  };
  started.child.stdout?.on('data', onData);
  started.child.stderr?.on('data', onData);
}

async function boot(server: Server): Promise<void> {
  const t0 = performance.now();
  server.started = startProcess({ label: server.label, command: TSX, args: ['apps/server/src/main.ts'], env: server.env });
  countLogLines(server, server.started);
  await waitFor200(`${server.baseUrl}/api/health`, server.started, 180_000);
  server.startSeconds = elapsed(t0);
}

async function launch(label: string, extra: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = await tempDataDir(`campaign-${label}`);
  const server: Server = {
    label,
    baseUrl: `http://127.0.0.1:${port}`,
    env: { ...serverEnv(port, dataDir), ...common, ...extra },
    started: undefined as unknown as Started,
    dataDir,
    logged: new Map(),
    startSeconds: 0,
  };
  await boot(server);
  return server;
}

/** kill -9 of the server's whole process group (tsx and the node it runs): no shutdown hook, nothing settled. */
async function crash(server: Server): Promise<void> {
  try {
    process.kill(-server.started.pgid, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.started.exited;
}

/** A graceful stop (SIGTERM, then the process group killed if it hangs), then a start with the same env and DATA_DIR. */
async function restart(servers: Server[]): Promise<void> {
  for (const server of servers) {
    const stop = await stopProcess(server.started);
    await boot(server);
    say(`  ${server.label} restarted (it stopped: ${stop.exit}${stop.cleanup ? `, ${stop.cleanup}` : ''})`);
  }
}

async function retire(server: Server): Promise<void> {
  await stopProcess(server.started);
  await removeDir(server.dataDir);
}

function describeLogs(servers: Server[]): string {
  const parts = servers.flatMap((s) => [...s.logged].map(([msg, n]) => `${s.label}: ${n} × "${msg}"`));
  return parts.length ? parts.join('; ') : 'none';
}

// Measurements.

interface Db {
  pool: pg.Pool;
  count: (text: string, values?: unknown[]) => Promise<number>;
}

function database(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    pool,
    count: async (text, values = []) => Number((await pool.query<{ n: string }>(text, values)).rows[0]?.n ?? 0),
  };
}

const backlog = (db: Db) => db.count('SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL');
const inState = (db: Db, id: string, state: string, extra = '') =>
  db.count(`SELECT count(*)::text AS n FROM campaign_recipients WHERE campaign_id = $1 AND state = $2 ${extra}`, [Number(id), state]);

/**
 * Until nothing moves: the Graph's count unchanged for 3 s, no status waiting to be processed, no recipient being sent,
 * and none called unknown whose send Meta accepted (its statuses settle it). What is unknown then never reached Meta.
 */
async function quiesce(db: Db, graph: ConsoleApi, id: string, timeoutMs = 180_000): Promise<number> {
  const t0 = performance.now();
  let last = -1;
  let since = performance.now();
  await until(
    'quiet',
    async () => {
      const total = (await graph.sends()).total;
      if (total !== last) {
        last = total;
        since = performance.now();
      }
      if (performance.now() - since < 3_000) return false;
      return (
        (await backlog(db)) === 0 &&
        (await inState(db, id, 'sending')) === 0 &&
        (await inState(db, id, 'unknown', 'AND wamid IS NOT NULL')) === 0
      );
    },
    timeoutMs,
    250,
  );
  return elapsed(t0);
}

async function quietMachine(): Promise<string> {
  const quiet = await waitForQuietMachine(30_000, 0.3);
  return `${quiet.busyCores.toFixed(2)} busy cores before (waited ${quiet.waitedSeconds.toFixed(0)} s)`;
}

/** Mean over the full seconds between the first and the last second with a send (the partial ends left out). */
function fullSecondRate(counts: SendCounts): { mean: number; seconds: number; max: number } {
  const first = counts.perSecond[0]?.second ?? 0;
  const last = counts.perSecond.at(-1)?.second ?? 0;
  if (last - first < 2) return { mean: counts.total / Math.max(1, last - first + 1), seconds: last - first + 1, max: counts.total };
  const stats = perSecondStats(counts, first + 1, last - first - 1);
  return { mean: stats.mean, seconds: stats.seconds, max: stats.max };
}

// Phases.

interface PacingSetup {
  layout: string;
  db: Db;
  /** A console server: creates, starts and cancels the campaigns. */
  api: ConsoleApi;
  /** Meta: its Graph's send counter. */
  graph: Pick<ConsoleApi, 'sends' | 'resetSends'>;
  templateId: number;
  roles: () => CpuRole[];
  /** Whether Meta's statuses come back to the console's database (a backlog to watch). */
  statusesReturn: boolean;
  /** Brings the servers back after a run they did not survive. */
  recover?: () => Promise<void>;
}

async function pacing(setup: PacingSetup, runs: [phase: number, rate: number][]): Promise<string[][]> {
  const { db, api, graph } = setup;
  const rows: string[][] = [];
  for (const [phase, rate] of runs) {
    const phones = phonesOf(phase, rate * (SECONDS + 8));
    let t0 = performance.now();
    const id = await api.campaign(`Pacing ${rate}/s`, setup.templateId, rate, phones);
    say(
      `${setup.layout}, ${rate}/s: ${phones.length.toLocaleString('en')} recipients added in ${elapsed(t0).toFixed(1)} s; ${await quietMachine()}`,
    );
    try {
      await graph.resetSends();
      t0 = performance.now();
      // The start renders every recipient's message first (the pre-flight): seconds for tens of thousands.
      await api.call('POST', `/api/campaign/campaigns/${id}/start`, {}, 300_000);
      say(`  start answered in ${elapsed(t0).toFixed(1)} s`);
      const before = cpuMark();
      const first = await until('first send', async () => (await graph.sends()).perSecond[0]?.second, 30_000, 20);
      const endMs = (first + 1 + SECONDS) * 1000;
      let maxBacklog = 0;
      while (Date.now() < endMs + 200) {
        if (setup.statusesReturn) maxBacklog = Math.max(maxBacklog, await backlog(db));
        await sleep(Math.min(1_000, Math.max(0, endMs + 200 - Date.now())));
      }
      const cpu = cpuBetween(before, cpuMark(), setup.roles());
      await api.action(id, 'cancel');
      const counts = await graph.sends();
      const stats = perSecondStats(counts, first + 1, SECONDS, rate);
      const drainT0 = performance.now();
      await until(
        'pacing run settled',
        async () => (await inState(db, id, 'sending')) === 0 && (!setup.statusesReturn || (await backlog(db)) === 0),
        300_000,
        250,
      );
      const within = Math.abs(stats.mean - rate) / rate <= 0.01;
      rows.push([
        setup.layout,
        `${rate}/s`,
        String(stats.seconds),
        stats.mean.toFixed(1),
        `${(((stats.mean - rate) / rate) * 100).toFixed(2)}%${within ? '' : ' (off target)'}`,
        String(stats.min),
        String(stats.max),
        stats.over.length ? `YES: ${stats.over.map((s) => s.count).join(', ')}` : 'no',
        setup.statusesReturn ? `${maxBacklog}, drained in ${elapsed(drainT0).toFixed(1)} s` : '-',
        describeCpu(cpu),
      ]);
      say(`  measured: ${rows.at(-1)?.slice(2, 8).join(' | ')}`);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      rows.push([setup.layout, `${rate}/s`, '-', '-', `FAILED: ${why.slice(0, 100)}`, '-', '-', '-', '-', '-']);
      say(`  FAILED: ${why}`);
      if (!setup.recover) throw err;
      await setup.recover();
      await api.action(id, 'cancel').catch((cancelErr) => say(`  could not cancel it: ${cancelErr}`));
    }
  }
  return rows;
}

const PACING_HEADER = ['layout', 'cap', 'seconds', 'mean/s', 'vs cap', 'min', 'max', 'any second over cap', 'status backlog (max)', 'CPU'];

async function kills(db: Db, api: ConsoleApi, b: Server, templateId: number): Promise<string[]> {
  // Kills come after B is back up and sending, 0.3-2.5 s into each life: the campaign must outlast them all.
  const cycle = b.startSeconds + 1.4;
  const rate = Math.max(10, Math.min(1_000, Math.floor(KILL_RECIPIENTS / (KILLS * cycle * 1.3))));
  const phones = phonesOf(3, KILL_RECIPIENTS);
  const id = await api.campaign('Kill -9', templateId, rate, phones);
  say(
    `kill -9: ${KILL_RECIPIENTS.toLocaleString('en')} recipients at ${rate}/s (B starts in ${b.startSeconds.toFixed(1)} s), ` +
      `${KILLS} kills of B planned; ${await quietMachine()}`,
  );
  await api.resetSends();
  await api.action(id, 'start');
  const t0 = performance.now();
  const killed: { at: number; sending: number; restart: number }[] = [];
  for (let k = 0; k < KILLS; k++) {
    await sleep(300 + Math.random() * 2_200);
    if ((await api.status(id)).status !== 'running') break;
    await crash(b);
    const at = (await api.sends()).total;
    const sending = await inState(db, id, 'sending');
    await boot(b);
    killed.push({ at, sending, restart: b.startSeconds });
  }
  await until('completed', async () => (await api.status(id)).status === 'completed', 600_000, 250);
  const runSeconds = elapsed(t0);
  const atCompletion = (await api.status(id)).counts.unknown;
  await quiesce(db, api, id);
  const firstUnknown = (await api.status(id)).counts.unknown;
  let retried = 0;
  for (let round = 0; round < 3; round++) {
    const unknown = (await api.status(id)).counts.unknown;
    if (unknown === 0) break;
    retried += unknown;
    await api.action(id, 'retry-failed');
    await until('completed after retry', async () => (await api.status(id)).status === 'completed', 120_000, 250);
    await quiesce(db, api, id);
  }
  const final = await api.status(id);
  const graph = await api.sends();
  const tally = exactlyOnce(graph, phones);
  const lockedJobs = await db
    .count("SELECT count(*)::text AS n FROM graphile_worker.jobs WHERE locked_at IS NOT NULL AND locked_at < now() - interval '10 seconds'")
    .catch(() => -1);
  const restarts = killed.map((k) => k.restart);
  return [
    `kills of B while the campaign ran: ${killed.length}, when A's Graph had counted ${killed.map((k) => k.at).join(', ')} sends`,
    `recipients in 'sending' just after each kill (cumulative: what earlier kills left unsent waits there for the end of the campaign, ` +
      `plus the slices under way in A and the killed B): ${killed.map((k) => k.sending).join(', ')}`,
    `B restarts took ${Math.min(...restarts).toFixed(1)}-${Math.max(...restarts).toFixed(1)} s; the campaign completed after ${runSeconds.toFixed(0)} s`,
    `unknown at completion: ${atCompletion}; still unknown once nothing moved (no status waiting, none with a wamid): ${firstUnknown}; retried explicitly: ${retried}`,
    `final counts: ${JSON.stringify(final.counts)}`,
    `at the Graph (A): ${graph.total} sends for ${phones.length} recipients; duplicates: ${tally.twice} recipients (${tally.extra} extra sends); lost: ${tally.lost}; sends to numbers outside the campaign: ${tally.strangers}`,
    `scheduled jobs left locked (a killed worker's) afterwards: ${lockedJobs < 0 ? 'could not read' : lockedJobs}`,
  ];
}

/** Meta alone: a sandbox server on a database of its own (nothing to dispatch there), its status webhooks to a sink. */
async function graphOnly(metaUrl: string): Promise<{ g: Server; sink: Started; graph: ConsoleApi }> {
  const sinkPort = await freePort();
  const sink = startScript('webhook sink', 'bench/lib/webhook-sink.ts', { port: sinkPort });
  await waitForOutput(sink, 'ready', 60_000);
  // PUBLIC_URL is where the sandbox posts its webhooks; G's own Graph calls would go there too, so the template is
  // submitted straight to G's Graph.
  const g = await launch('G', { DATABASE_URL: metaUrl, PUBLIC_URL: `http://127.0.0.1:${sinkPort}` });
  const client = createCloudApiClient({
    baseUrl: `${g.baseUrl}/sandbox/graph`,
    version: 'v21.0',
    accessToken: common.WHATSAPP_ACCESS_TOKEN as string,
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
  });
  const { id } = await client.createTemplate({ name: TEMPLATE, ...PROMO_TEMPLATE });
  await until('template approved by G', async () => (await client.getTemplate(id)).status === 'APPROVED', 30_000);
  return { g, sink, graph: consoleApi(g.baseUrl, await signInAsAdmin(g.baseUrl)) };
}

/** A Graph imitation the uncapped run sends to: where it answers, its send counter, and its processes for the CPU table. */
interface Imitation {
  name: string;
  graphUrl: string;
  sends: () => Promise<SendCounts>;
  resetSends: () => Promise<unknown>;
  roles: CpuRole[];
}

async function minimalGraph(): Promise<{ imitation: Imitation; process: Started }> {
  const port = await freePort();
  const started = startScript('minimal graph', 'bench/lib/minimal-graph.ts', { port });
  await waitForOutput(started, 'ready', 60_000);
  const base = `http://127.0.0.1:${port}`;
  return {
    process: started,
    imitation: {
      name: 'minimal Graph (bench/lib/minimal-graph.ts)',
      graphUrl: base,
      sends: async () => (await (await fetch(`${base}/counts`)).json()) as SendCounts,
      resetSends: () => fetch(`${base}/counts`, { method: 'DELETE' }),
      roles: [{ name: 'minimal Graph', pgid: started.pgid }],
    },
  };
}

/** The dispatcher alone (U, pacing off) then the bare client, each sending UNCAPPED_SENDS to the imitation. */
async function uncapped(consoleUrl: string, meta: Imitation, templateId: number, phaseBase: number): Promise<string[][]> {
  const u = await launch('U', { DATABASE_URL: consoleUrl, WHATSAPP_API_URL: meta.graphUrl, CAMPAIGN_PACING: 'off' });
  try {
    const api = consoleApi(u.baseUrl, await signInAsAdmin(u.baseUrl));
    const phones = phonesOf(phaseBase, UNCAPPED_SENDS);
    const id = await api.campaign('Uncapped', templateId, SLICE, phones);
    const roles = (bare?: Started): CpuRole[] => [
      { name: 'postgres', postgresOf: pgDir },
      ...meta.roles,
      { name: 'U (dispatcher)', pgid: u.started.pgid },
      ...(bare ? [{ name: 'bare client', pgid: bare.pgid }] : []),
      { name: 'bench', self: true as const },
    ];
    say(`uncapped to the ${meta.name}: ${UNCAPPED_SENDS.toLocaleString('en')} recipients; ${await quietMachine()}`);
    await meta.resetSends();
    let before = cpuMark();
    let t0 = performance.now();
    await api.action(id, 'start');
    let lastWord = performance.now();
    await until(
      'uncapped sends',
      async () => {
        if ((await meta.sends()).total >= UNCAPPED_SENDS) return true;
        const { status, counts } = await api.status(id);
        if (status !== 'running') throw new Error(`the uncapped campaign ended ${status} with ${JSON.stringify(counts)}`);
        if (performance.now() - lastWord > 10_000) {
          lastWord = performance.now();
          say(`  after ${elapsed(t0).toFixed(0)} s: ${JSON.stringify(counts)}; logged: ${describeLogs([u])}`);
        }
        return false;
      },
      300_000,
      100,
    );
    const dispatchSeconds = elapsed(t0);
    const dispatchCpu = cpuBetween(before, cpuMark(), roles());
    const dispatchCounts = await meta.sends();
    const dispatch = fullSecondRate(dispatchCounts);
    const once = exactlyOnce(dispatchCounts, phones);
    await until('uncapped completed', async () => (await api.status(id)).status === 'completed', 300_000, 250);
    const counts = (await api.status(id)).counts;

    say(`  dispatcher: ${dispatch.mean.toFixed(0)}/s; bare client next: ${await quietMachine()}`);
    await meta.resetSends();
    before = cpuMark();
    t0 = performance.now();
    const bare = startScript('bare client', 'bench/lib/bare-graph-sends.ts', {
      graphUrl: meta.graphUrl,
      version: 'v21.0',
      accessToken: common.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      template: TEMPLATE,
      language: PROMO_TEMPLATE.language,
      phase: phaseBase + 1,
      sends: UNCAPPED_SENDS,
      slice: SLICE,
      maxInFlight: MAX_IN_FLIGHT,
    });
    await waitForOutput(bare, '"sent"', 600_000);
    const bareCpu = cpuBetween(before, cpuMark(), roles(bare));
    const bareSeconds = elapsed(t0);
    const bareOut = JSON.parse(bare.output().trim().split('\n').at(-1) ?? '{}') as { sent: number; failed: number; firstError: string };
    await bare.exited;
    const bareRate = fullSecondRate(await meta.sends());
    const logged = describeLogs([u]);
    return [
      [
        meta.name,
        'dispatcher U (CAMPAIGN_PACING=off)',
        `${UNCAPPED_SENDS} (settled: ${counts.sent + counts.delivered + counts.read} sent, ${counts.failed} failed, ${counts.unknown} unknown; ` +
          `at the Graph ${once.twice} twice, ${once.lost} lost)${logged === 'none' ? '' : `; logged: ${logged}`}`,
        dispatchSeconds.toFixed(1),
        dispatch.mean.toFixed(0),
        String(dispatch.max),
        '',
        describeCpu(dispatchCpu),
      ],
      [
        meta.name,
        'bare client, same requests',
        `${bareOut.sent} (${bareOut.failed} failed${bareOut.firstError ? `: ${bareOut.firstError.slice(0, 80)}` : ''})`,
        bareSeconds.toFixed(1),
        bareRate.mean.toFixed(0),
        String(bareRate.max),
        (dispatch.mean / bareRate.mean).toFixed(2),
        describeCpu(bareCpu),
      ],
    ];
  } finally {
    await retire(u);
  }
}

const UNCAPPED_HEADER = ['Graph imitation', 'sender', 'sends', 'wall s', 'sends/s (full seconds)', 'busiest second', 'ratio', 'CPU'];

// The run.

say('bench/campaign-dispatch: campaign sends counted at the Graph side (the sandbox playing Meta)');
say(machineLine());
say(
  `pacing ${SECONDS} s at 80/s and 1,000/s; ${KILLS} × kill -9 in a ${KILL_RECIPIENTS.toLocaleString('en')}-recipient campaign; ` +
    `uncapped ${UNCAPPED_SENDS.toLocaleString('en')} sends; CAMPAIGN_IN_DOUBT_GRACE_MS=${GRACE_MS}`,
);
say(
  "Layout 1 (full loop): A = sandbox server (Meta: Graph, counters, statuses to its own webhook) and dispatcher, B = server on A's " +
    "database calling A's Graph. Layout 2: G = sandbox server on a database of its own, statuses posted to a bare sink; the " +
    'dispatchers (B and C paced, or U unpaced) on the console database call G. Layout 3: the same on a minimal Graph ' +
    '(bench/lib/minimal-graph.ts: answers at once, no validation, no statuses).\n',
);

const pgDir = await tempDataDir('campaign-pg');
const postgres = startScript('postgres', 'bench/jobs/database.ts', { dataDir: pgDir });
await waitForOutput(postgres, 'ready', 120_000);
const consoleUrl = await embeddedDatabaseUrl(pgDir);
const admin = new pg.Client({ connectionString: consoleUrl });
await admin.connect();
await admin.query('CREATE DATABASE meta');
await admin.end();
const metaUrl = consoleUrl.replace(/\/console$/, '/meta');
const db = database(consoleUrl);
const report: string[] = [];
const pacingRows: string[][] = [];

try {
  const a = await launch('A', { DATABASE_URL: consoleUrl });
  const b = await launch('B', { DATABASE_URL: consoleUrl, WHATSAPP_API_URL: `${a.baseUrl}/sandbox/graph` });
  say(`A started in ${a.startSeconds.toFixed(1)} s, B in ${b.startSeconds.toFixed(1)} s`);
  const api = consoleApi(a.baseUrl, await signInAsAdmin(a.baseUrl));
  const templateId = await api.approvedTemplate(TEMPLATE);
  if (PHASES.has('kill')) {
    const lines = await kills(db, api, b, templateId);
    report.push('', 'kill -9 of B at random moments, layout 1 (target: 0 duplicates, 0 lost)', ...lines);
    say(lines.join('\n'));
  }
  if (PHASES.has('pacing') && LAYOUTS.has('1')) {
    const roles = (): CpuRole[] => [
      { name: 'postgres', postgresOf: pgDir },
      { name: 'A', pgid: a.started.pgid },
      { name: 'B', pgid: b.started.pgid },
      { name: 'bench', self: true },
    ];
    // At 1,000/s A is Meta, console and dispatcher at once: three status webhooks per send to itself swamp it here.
    const runs: [number, number][] = args['full-loop-1000']
      ? [
          [1, 80],
          [2, 1_000],
        ]
      : [[1, 80]];
    const setup = {
      layout: '1: A+B, A is Meta',
      db,
      api,
      graph: api,
      templateId,
      roles,
      statusesReturn: true,
      recover: () => restart([a, b]),
    };
    pacingRows.push(...(await pacing(setup, runs)));
  }
  report.push(`server logs (warn and above) in A and B: ${describeLogs([a, b])}`);
  await retire(b);
  await retire(a);

  if (PHASES.has('pacing') || PHASES.has('uncapped')) {
    const { g, sink, graph } = await graphOnly(metaUrl);
    if (PHASES.has('pacing') && LAYOUTS.has('2')) {
      const onG = { DATABASE_URL: consoleUrl, WHATSAPP_API_URL: `${g.baseUrl}/sandbox/graph` };
      const b2 = await launch('B', onG);
      const c = await launch('C', onG);
      const roles = (): CpuRole[] => [
        { name: 'postgres', postgresOf: pgDir },
        { name: 'G', pgid: g.started.pgid },
        { name: 'sink', pgid: sink.pgid },
        { name: 'B', pgid: b2.started.pgid },
        { name: 'C', pgid: c.started.pgid },
        { name: 'bench', self: true },
      ];
      const onB = consoleApi(b2.baseUrl, await signInAsAdmin(b2.baseUrl));
      pacingRows.push(
        ...(await pacing({ layout: '2: B+C on G', db, api: onB, graph, templateId, roles, statusesReturn: false }, [
          [6, 80],
          [7, 1_000],
        ])),
      );
      report.push(`server logs (warn and above) in B and C of layout 2: ${describeLogs([b2, c])}`);
      await retire(c);
      await retire(b2);
    }
    const uncappedRows: string[][] = [];
    if (PHASES.has('uncapped')) {
      const sandbox: Imitation = {
        name: 'sandbox G',
        graphUrl: `${g.baseUrl}/sandbox/graph`,
        sends: graph.sends,
        resetSends: graph.resetSends,
        roles: [
          { name: 'G', pgid: g.started.pgid },
          { name: 'sink', pgid: sink.pgid },
        ],
      };
      uncappedRows.push(...(await uncapped(consoleUrl, sandbox, templateId, 4)));
    }
    report.push(`server logs (warn and above) in G: ${describeLogs([g])}`);
    await retire(g);
    await stopProcess(sink);

    // Layout 3: the same senders on a Graph imitation that costs next to nothing, to see the dispatch's own limits.
    const minimal = await minimalGraph();
    if (PHASES.has('pacing') && LAYOUTS.has('3')) {
      const onMinimal = { DATABASE_URL: consoleUrl, WHATSAPP_API_URL: minimal.imitation.graphUrl };
      const b3 = await launch('B', onMinimal);
      const c3 = await launch('C', onMinimal);
      const roles = (): CpuRole[] => [
        { name: 'postgres', postgresOf: pgDir },
        ...minimal.imitation.roles,
        { name: 'B', pgid: b3.started.pgid },
        { name: 'C', pgid: c3.started.pgid },
        { name: 'bench', self: true },
      ];
      const onB = consoleApi(b3.baseUrl, await signInAsAdmin(b3.baseUrl));
      const setup = { layout: '3: B+C on minimal Graph', db, api: onB, graph: minimal.imitation, templateId, roles, statusesReturn: false };
      pacingRows.push(...(await pacing(setup, [[10, 1_000]])));
      report.push(`server logs (warn and above) in B and C of layout 3: ${describeLogs([b3, c3])}`);
      await retire(c3);
      await retire(b3);
    }
    if (PHASES.has('uncapped')) {
      uncappedRows.push(...(await uncapped(consoleUrl, minimal.imitation, templateId, 8)));
      report.push(
        '',
        `Uncapped dispatch: ${UNCAPPED_SENDS.toLocaleString('en')} sends, slices of ${SLICE}, at most ${MAX_IN_FLIGHT} slices in flight ` +
          '(targets: >= 3,000 sends/s, ratio dispatcher/bare >= 0.5)',
        formatTable(UNCAPPED_HEADER, uncappedRows),
      );
    }
    await stopProcess(minimal.process);
  }
  if (pacingRows.length > 0) {
    report.unshift(
      '',
      `Pacing: sends per calendar second at Meta's Graph over ${SECONDS} full seconds (target: mean within 1% of the cap, no second over)`,
      formatTable(PACING_HEADER, pacingRows),
    );
  }
  say('\n==== summary ====');
  say(report.join('\n'));
} finally {
  await db.pool.end();
  await stopProcess(postgres);
  await removeDir(pgDir);
}
