// What the API key costs a send: POST /api/send-text with X-API-Key (key check, api_calls quota, usage log) beside
// the console's POST /api/agent/message with a bearer token, the same text through the same send path, in one run.
// The real server runs in live WhatsApp mode against the minimal Graph imitation (bench/lib/minimal-graph.ts, a process
// of its own that answers every send at once), on a licence key minted for the run whose messages and api_calls quotas
// no run can reach. Customers write first (signed webhooks), so every send is inside the 24-hour window; each request
// goes to the next of them in turn. Runs alternate bearer, key, bearer, key (one disturbed by other people's processes
// is measured again, at most 3 times); any request that did not answer 2xx, warm-ups included, makes the run no figure.
// Run: npx tsx bench/api-send-text.ts
// Knobs (bounded): BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (50), BENCH_CUSTOMERS (500).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { issueFromArgs } from '../apps/server/src/modules/license/license-issue.ts';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { consoleApi } from './lib/campaign-api.ts';
import { startScript, waitForOutput } from './lib/child-runs.ts';
import { type CpuRole, type CpuUsage, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, freePort, machineLine, type Started, startServer, stopProcess, tempDataDir } from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp } from './lib/stats.ts';
import { benchWamid, customerPhone, liveWhatsappEnv, signedTextWebhook } from './lib/webhook-bodies.ts';

const DURATION = clamp(process.env.BENCH_DURATION, 10, 3, 60);
const CONNECTIONS = clamp(process.env.BENCH_CONNECTIONS, 50, 1, 500);
const CUSTOMERS = clamp(process.env.BENCH_CUSTOMERS, 500, 50, 5_000);
const WARMUP_SECONDS = 3;
const REQUEST_TIMEOUT_SECONDS = 20;
/**
 * Requests in flight while seeding and checking. Kept well below the server's pool of 10 connections: 10 sends at once
 * wedge the server for good (each send's transaction waits for a second connection from that pool; see bench/README.md).
 */
const SETUP_CONCURRENCY = 4;
/** Far beyond what any run sends: neither daily quota may refuse a request. */
const QUOTA = 100_000_000;
/** The cost the issue allows the key check and the usage log. */
const TARGET_COST_PERCENT = 10;
const ORDER = ['bearer', 'key', 'bearer', 'key'] as const;
const MAX_ATTEMPTS = 3;
/** A run during which other people's processes used more than this share of the machine is measured again. */
const DISTURBED_SHARE = 0.1;

type EndpointKind = (typeof ORDER)[number];

interface Endpoint {
  kind: EndpointKind;
  name: string;
  path: string;
  headers: Record<string, string>;
  /** The JSON body of the n-th request, to customer `phone`. */
  body: (phone: string, n: number) => string;
}

interface Run {
  endpoint: Endpoint;
  result: Result;
  cpu: CpuUsage;
  /** Which attempt was kept: a run other processes disturbed is measured again (MAX_ATTEMPTS), the least disturbed kept. */
  attempt: number;
}

const say = (line = '') => console.log(line);
// Both endpoints send the same text, of the same length, to the same customers.
const text = (n: number) => `Your order ${String(n).padStart(7, '0')} has shipped and arrives on Thursday.`;

/** Runs `work` over 0..count-1, SETUP_CONCURRENCY at a time. */
async function eachOf(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
}

async function startGraph(): Promise<{ url: string; started: Started }> {
  const port = await freePort();
  const started = startScript('Graph imitation', 'bench/lib/minimal-graph.ts', { port });
  await waitForOutput(started, 'ready', 60_000);
  return { url: `http://127.0.0.1:${port}`, started };
}

async function graphSends(graphUrl: string): Promise<number> {
  const res = await fetch(`${graphUrl}/counts`, { signal: AbortSignal.timeout(10_000) });
  return ((await res.json()) as { total: number }).total;
}

/** A licence for the run: enterprise, one day, both daily quotas at QUOTA; minted with the license:issue CLI's own code. */
function benchLicence(): Record<string, string> {
  const secret = randomBytes(24).toString('hex');
  const { key } = issueFromArgs([
    '--plan',
    'enterprise',
    '--secret',
    secret,
    '--days',
    '1',
    '--customer',
    'Bench api-send-text',
    '--quotas',
    `messages=${QUOTA},api_calls=${QUOTA}`,
  ]);
  return { LICENSE_KEY: key, LICENSE_HMAC_SECRET: secret };
}

/** Every customer writes once (a signed inbound webhook); waits until the server has opened each one's 24-hour window. */
async function seedCustomers(baseUrl: string, db: pg.Pool, phones: string[]): Promise<number> {
  const t0 = performance.now();
  const run = `api-send-${process.pid}`;
  await eachOf(phones.length, async (i) => {
    const from = phones[i] as string;
    const { body, signature } = signedTextWebhook({ wamid: benchWamid(run, i), from, text: `Hello, where is my order ${i}?` });
    const res = await fetch(`${baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = await res.text();
    if (res.status !== 200) throw new Error(`webhook from ${from}: HTTP ${res.status} ${answer.slice(0, 300)}`);
  });
  const deadline = performance.now() + 60_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM conversations WHERE last_inbound_at > now() - interval '1 hour'`,
    );
    if ((rows[0]?.n ?? 0) >= phones.length) break;
    if (performance.now() > deadline) throw new Error(`only ${rows[0]?.n} of ${phones.length} conversations opened within 60 s`);
    await sleep(100);
  }
  return (performance.now() - t0) / 1000;
}

/** One request of an endpoint to every customer, checked to answer 201 (the bearer's first send takes the conversation over). */
async function sendToEach(baseUrl: string, endpoint: Endpoint, phones: string[]): Promise<void> {
  await eachOf(phones.length, async (i) => {
    const res = await fetch(`${baseUrl}${endpoint.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...endpoint.headers },
      body: endpoint.body(phones[i] as string, i),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_SECONDS * 1000),
    });
    const answer = await res.text();
    if (res.status !== 201) throw new Error(`${endpoint.name} to ${phones[i]}: HTTP ${res.status} ${answer.slice(0, 300)}`);
  });
}

/** autocannon at one endpoint; every request's body is built afresh, to the next customer in turn. */
function fire(baseUrl: string, endpoint: Endpoint, phones: string[], duration: number): Promise<Result> {
  let n = 0;
  return autocannon({
    url: baseUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...endpoint.headers },
    connections: CONNECTIONS,
    duration,
    timeout: REQUEST_TIMEOUT_SECONDS,
    requests: [
      {
        path: endpoint.path,
        setupRequest: (request) => {
          const k = n++;
          return { ...request, body: endpoint.body(phones[k % phones.length] as string, k) };
        },
      },
    ],
  });
}

const failures = (r: Result) => r.non2xx + r.errors + r.timeouts;

/**
 * After a run with a request that did not answer 2xx (or none that did): whether the server still answers, and which of
 * its database sessions sit in a transaction doing nothing. Throws when the server no longer answers at all.
 */
async function stopIfWedged(baseUrl: string, db: pg.Pool, label: string, result: Result): Promise<void> {
  if (failures(result) === 0 && result['2xx'] > 0) return;
  const health = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
    (res) => `HTTP ${res.status}`,
    () => null,
  );
  const { rows } = await db.query<{ n: number; query: string }>(`
    SELECT count(*)::int AS n, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) AS query FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle in transaction'
      AND now() - state_change > interval '2 seconds'
    GROUP BY 2 ORDER BY 1 DESC`);
  const idle = rows.reduce((s, r) => s + r.n, 0);
  say(
    `  ${label}: ${result['2xx']} 2xx, ${failures(result)} not. GET /api/health: ${health ?? 'no answer within 5 s'}; ` +
      `${idle} database sessions idle in a transaction for over 2 s${idle ? `, last statements: ${rows.map((r) => `${r.n} x ${r.query}`).join('; ')}` : ''}.`,
  );
  if (health === null) {
    throw new Error(
      `the server stopped answering during ${label}` +
        (idle ? ': its open transactions wait for something in the server process (another connection from its pool?)' : ''),
    );
  }
}

function nonTwoHundreds(result: Result): string {
  const entries = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
  return entries.length ? entries.map(([code, { count }]) => `${code}x${count}`).join(' ') : '-';
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
/** CPU ms the server process and its postgres used per answered request: the cost less sensitive to other people's load. */
const cpuPerRequest = ({ cpu, result }: Run) =>
  (((cpu.byRole.server ?? 0) + (cpu.byRole.postgres ?? 0)) * 1000) / Math.max(1, result['2xx']);
const signed = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

async function main(): Promise<void> {
  say('bench/api-send-text: POST /api/send-text with an API key beside POST /api/agent/message with a bearer token');
  say(machineLine());
  say(
    `Processes: load generator = this node process (autocannon, programmatic); real server = child process (tsx apps/server/src/main.ts, ` +
      'LOG_LEVEL=warn, live WhatsApp mode, embedded PostgreSQL as its child); Graph imitation = another child process ' +
      '(bench/lib/minimal-graph.ts). All on 127.0.0.1, sharing the same cores.',
  );
  say(
    `Each run: ${WARMUP_SECONDS} s warm-up (discarded), then ${DURATION} s with ${CONNECTIONS} connections, pipelining 1, request ` +
      `timeout ${REQUEST_TIMEOUT_SECONDS} s; each request to the next of ${CUSTOMERS} customers in turn. Order: ${ORDER.join(', ')}.`,
  );
  const graph = await startGraph();
  const dataDir = await tempDataDir('api-send-text');
  // One address sends everything: the per-address limit of the send endpoints would measure itself.
  const serverEnv = { ...liveWhatsappEnv(), WHATSAPP_API_URL: graph.url, ...benchLicence(), RATE_LIMIT_API_SENDS: '1000000000' };
  const server = await startServer('server', dataDir, serverEnv).catch(async (err: unknown) => {
    await stopProcess(graph.started);
    throw err;
  });
  const db = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
  try {
    const token = await signInAsAdmin(server.baseUrl);
    const admin = consoleApi(server.baseUrl, token);
    const licence = await admin.call<{ plan: string; status: string; quotas: Record<string, { limit: number }> }>(
      'GET',
      '/api/license/status',
    );
    say(
      `Licence: ${licence.plan}, ${licence.status}; daily quotas messages ${licence.quotas.messages?.limit}, ` +
        `api_calls ${licence.quotas.api_calls?.limit}.`,
    );
    if (licence.status !== 'active' || (licence.quotas.messages?.limit ?? 0) < QUOTA || (licence.quotas.api_calls?.limit ?? 0) < QUOTA) {
      throw new Error('the minted licence is not in force');
    }
    const { secret } = await admin.call<{ secret: string }>('POST', '/api/keys', {
      name: 'bench api-send-text',
      scopes: ['send:text'],
      rateLimitPerMinute: null,
    });

    const endpoints: Record<EndpointKind, Endpoint> = {
      bearer: {
        kind: 'bearer',
        name: 'bearer token: POST /api/agent/message',
        path: '/api/agent/message',
        headers: { authorization: `Bearer ${token}` },
        body: (phone, n) => JSON.stringify({ recipientPhone: `+${phone}`, message: text(n) }),
      },
      key: {
        kind: 'key',
        name: 'API key: POST /api/send-text',
        path: '/api/send-text',
        headers: { 'x-api-key': secret },
        body: (phone, n) => JSON.stringify({ phone: `+${phone}`, message: text(n) }),
      },
    };

    const phones = Array.from({ length: CUSTOMERS }, (_, n) => customerPhone(n, CUSTOMERS));
    const seeded = await seedCustomers(server.baseUrl, db, phones);
    say(`Seeded ${CUSTOMERS} customers by signed inbound webhooks in ${seeded.toFixed(1)} s: every 24-hour window open.`);
    // The admin's first message in each conversation takes it over from the bot (a state change and an activity):
    // done here, so the measured bearer sends are plain sends as the key's are.
    await sendToEach(server.baseUrl, endpoints.bearer, phones);
    await sendToEach(server.baseUrl, endpoints.key, phones);
    say(`Checked: one send of each endpoint to every customer answered 201 (the admin now holds every conversation).`);

    const roles: CpuRole[] = [
      { name: 'server', pgid: server.started.pgid },
      { name: 'postgres', postgresOf: dataDir },
      { name: 'Graph', pgid: graph.started.pgid },
      { name: 'load gen', self: true },
    ];
    // Every 2xx and every failure autocannon saw, warm-ups and repeated attempts included.
    const answered: Record<EndpointKind, number> = { bearer: CUSTOMERS, key: CUSTOMERS };
    let failed = 0;
    const fired = async (endpoint: Endpoint, seconds: number, label: string) => {
      const result = await fire(server.baseUrl, endpoint, phones, seconds);
      answered[endpoint.kind] += result['2xx'];
      failed += failures(result);
      await stopIfWedged(server.baseUrl, db, label, result);
      return result;
    };
    const runs: Run[] = [];
    for (const [i, kind] of ORDER.entries()) {
      const endpoint = endpoints[kind];
      say(`\nrun ${i + 1}: ${endpoint.name}`);
      let best: Run | null = null;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await waitForQuietMachineAndSay();
        const warmup = await fired(endpoint, WARMUP_SECONDS, 'warm-up');
        await sleep(1_000);
        const before = cpuMark();
        const result = await fired(endpoint, DURATION, 'measured run');
        const cpu = cpuBetween(before, cpuMark(), roles);
        say(
          `  ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result['2xx']} 2xx, ` +
            `${failures(result)} not (warm-up: ${warmup['2xx']} 2xx, ${failures(warmup)} not)`,
        );
        say(`  CPU: ${describeCpu(cpu)}`);
        if (!best || cpu.others < best.cpu.others) best = { endpoint, result, cpu, attempt };
        await sleep(1_000);
        if (cpu.others <= DISTURBED_SHARE * DURATION * os.cpus().length) break;
        say(`  disturbed: other processes used ${cpu.others.toFixed(1)} CPU s (${cpu.heaviestOthers.join('; ')})`);
      }
      if (best) runs.push(best);
    }

    say('');
    say(
      formatTable(
        [
          'run',
          'endpoint',
          'req/s',
          'p50 ms',
          'p99 ms',
          'max ms',
          '2xx',
          'non-2xx',
          'by status',
          'errors',
          'timeouts',
          'CPU s: server / postgres / Graph / load gen / others',
          'CPU ms/req (server + postgres)',
          'kept attempt',
        ],
        runs.map((run, i) => [
          String(i + 1),
          run.endpoint.name,
          run.result.requests.average.toFixed(0),
          String(run.result.latency.p50),
          String(run.result.latency.p99),
          String(run.result.latency.max),
          String(run.result['2xx']),
          String(run.result.non2xx),
          nonTwoHundreds(run.result),
          String(run.result.errors),
          String(run.result.timeouts),
          `${['server', 'postgres', 'Graph', 'load gen'].map((role) => (run.cpu.byRole[role] ?? 0).toFixed(1)).join(' / ')} / ${run.cpu.others.toFixed(1)}`,
          cpuPerRequest(run).toFixed(2),
          String(run.attempt),
        ]),
      ),
    );

    const of = (kind: EndpointKind) => runs.filter((r) => r.endpoint.kind === kind);
    const summary = (kind: EndpointKind) => ({
      rate: mean(of(kind).map((r) => r.result.requests.average)),
      p50: mean(of(kind).map((r) => r.result.latency.p50)),
      p99: mean(of(kind).map((r) => r.result.latency.p99)),
      cpu: mean(of(kind).map(cpuPerRequest)),
    });
    const bearer = summary('bearer');
    const key = summary('key');
    const cost = (1 - key.rate / bearer.rate) * 100;
    say('');
    say(
      formatTable(
        ['endpoint (mean of 2 runs)', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req'],
        (['bearer', 'key'] as const).map((kind) => {
          const s = summary(kind);
          return [endpoints[kind].name, s.rate.toFixed(0), s.p50.toFixed(1), s.p99.toFixed(1), s.cpu.toFixed(2)];
        }),
      ),
    );
    const pairs = [0, 2].map((k) => {
      const [b, c] = [runs[k]?.result, runs[k + 1]?.result];
      return b && c ? `${((1 - c.requests.average / b.requests.average) * 100).toFixed(1)}%` : '-';
    });
    say(
      `key / bearer: ${(key.rate / bearer.rate).toFixed(3)} of the requests/s, a cost of ${cost.toFixed(1)}% ` +
        `(runs 1-2: ${pairs[0]}, runs 3-4: ${pairs[1]}); p99 ${(key.p99 / bearer.p99).toFixed(2)}x the bearer's ` +
        `(${signed(key.p99 - bearer.p99)} ms); CPU per request ${signed((key.cpu / bearer.cpu - 1) * 100)}%.`,
    );
    const disturbed = runs.flatMap((r, i) => (r.cpu.others > DISTURBED_SHARE * DURATION * os.cpus().length ? [i + 1] : []));
    if (disturbed.length) {
      say(
        `Disturbed even at the last attempt: run ${disturbed.join(', ')} (other processes over ${DISTURBED_SHARE * 100}% of the CPU); ` +
          'its requests/s understate the endpoint: compare CPU ms/req, or run again on a quieter machine.',
      );
    }
    if (failed > 0) {
      say(`NOT A VALID FIGURE: ${failed} requests did not answer 2xx (warm-ups and repeated runs included); see above.`);
      process.exitCode = 1;
    } else {
      say(
        `Every request answered 2xx (warm-ups and repeated runs included). Target: cost under ${TARGET_COST_PERCENT}%: ${cost < TARGET_COST_PERCENT ? 'met' : 'NOT met'}.`,
      );
    }

    // What the server stored, once the usage log has written its last batch (every 250 ms).
    await sleep(1_000);
    const { rows } = await db.query<{ by_key: number; by_user: number; accepted: number; failed: number; logged: number }>(`
      SELECT count(*) FILTER (WHERE api_key_id IS NOT NULL)::int AS by_key, count(*) FILTER (WHERE user_id IS NOT NULL)::int AS by_user,
             count(*) FILTER (WHERE wamid IS NOT NULL AND status <> 'failed')::int AS accepted,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             (SELECT count(*)::int FROM api_key_usage WHERE status BETWEEN 200 AND 299) AS logged
      FROM messages WHERE direction = 'outbound'`);
    const { rows: quotas } = await db.query<{ quota: string; used: number }>('SELECT quota, used FROM license_usage ORDER BY quota');
    const stored = rows[0];
    say(
      `Stored: ${stored?.by_user} messages sent as the admin (${answered.bearer} 2xx seen by autocannon and the checks), ` +
        `${stored?.by_key} through the key (${answered.key}); ${stored?.accepted} with Meta's wamid, ${stored?.failed} failed; ` +
        `usage log: ${stored?.logged} 2xx calls. Graph imitation: ${await graphSends(graph.url)} sends. ` +
        `Quotas used today: ${quotas.map((q) => `${q.quota} ${q.used}`).join(', ')}.`,
    );
    say('(A few more stored than counted: requests in flight when a run ended were answered after autocannon stopped listening.)');
    say(
      `req/s = autocannon's mean of per-second samples over ${DURATION} s; latencies in ms from its histogram; cost = 1 - key req/s / bearer req/s. ` +
        `CPU s over the measured ${DURATION} s (${DURATION * os.cpus().length} CPU s = all ${os.cpus().length} cores busy).`,
    );
  } finally {
    await db.end();
    await stopAndReport(server.started, dataDir, { 'Graph imitation': graph.started });
  }
}

main().catch((err) => {
  console.error(err);
  // Whatever is still running (a server that never answered) is killed by bench/lib/processes.ts's exit hook.
  process.exit(1);
});
