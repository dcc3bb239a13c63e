// Outbound webhooks: how fast the real server delivers signed events to a business's endpoint, and how long an event
// takes from the moment the server records it to its receipt. A receiver on loopback (node:http in this process,
// answering 200 at once) is subscribed to message.received; customers' messages are fed in as Meta's webhooks.
//   1. zero subscriptions: stored inbound webhooks drained by the processor (the cost of the event hook when nobody
//      listens), then the same with the subscription, for comparison;
//   2. burst: the deliveries of that second round, deliveries/s from the commit to the last receipt;
//   3. steady: signed webhooks POSTed over HTTP at a fixed rate; p50/p99 from event to receipt.
// Run: npx tsx bench/outbound-webhooks.ts [-- --events 5000 --rate 50 --seconds 10]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { type CpuRole, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, removeDir, startServer, stopProcess, tempDataDir, waitForQuietMachine } from './lib/processes.ts';
import { clamp, epochMs, ms, summarize } from './lib/stats.ts';
import { benchWamid, customerPhone, liveWhatsappEnv, signedTextWebhook } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({ options: { events: { type: 'string' }, rate: { type: 'string' }, seconds: { type: 'string' } } });
const EVENTS = clamp(args.events ?? process.env.BENCH_EVENTS, 5_000, 100, 100_000);
const RATE = clamp(args.rate ?? process.env.BENCH_RATE, 50, 1, 1_000);
const SECONDS = clamp(args.seconds ?? process.env.BENCH_SECONDS, 10, 2, 120);
const CUSTOMERS = 2_000;
const INSERT_CHUNK = 1_000;
const DRAIN_TIMEOUT_MS = 600_000;

interface Receipt {
  delivery: string;
  event: string;
  /** From the payload's createdAt (when the server recorded the event) to the end of the request here. */
  latencyMs: number;
  at: number;
}

/** The business's endpoint: reads each POST, notes when it arrived, answers 200. */
async function startReceiver() {
  const receipts: Receipt[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = epochMs();
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; createdAt: string };
      receipts.push({
        delivery: String(req.headers['x-wac-delivery']),
        event: payload.event,
        latencyMs: at - Date.parse(payload.createdAt),
        at,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, receipts, close: () => new Promise((resolve) => server.close(resolve)) };
}

const count = async (pool: pg.Pool, text: string) => Number((await pool.query<{ n: string }>(text)).rows[0]?.n ?? 0);

async function storeEvents(pool: pg.Pool, round: string): Promise<void> {
  const bodies = Array.from(
    { length: EVENTS },
    (_, i) => signedTextWebhook({ wamid: benchWamid(round, i), from: customerPhone(i, CUSTOMERS), text: `${round} ${i}` }).body,
  );
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < bodies.length; i += INSERT_CHUNK) {
      await client.query('INSERT INTO webhook_events (payload) SELECT unnest($1::jsonb[])', [bodies.slice(i, i + INSERT_CHUNK)]);
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

async function until(name: string, done: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${name}: not done within ${DRAIN_TIMEOUT_MS / 1000} s`);
    await sleep(20);
  }
}

async function api(baseUrl: string, token: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

console.log('bench/outbound-webhooks: signed event deliveries from the real server to a local receiver');
console.log(machineLine());
console.log(
  'Server: tsx apps/server/src/main.ts in live WhatsApp mode (nothing posts back), embedded PostgreSQL, fresh DATA_DIR, ' +
    `LOG_LEVEL=warn. Receiver: node:http on 127.0.0.1 in the bench process. ${EVENTS} inbound messages per stored round; ` +
    `then ${RATE}/s signed webhooks over HTTP for ${SECONDS} s.\n`,
);

const dataDir = await tempDataDir('outbound-webhooks');
const server = await startServer('server', dataDir, liveWhatsappEnv());
const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
const receiver = await startReceiver();
const roles: CpuRole[] = [
  { name: 'postgres', postgresOf: dataDir },
  { name: 'server', pgid: server.started.pgid },
  { name: 'bench+receiver', self: true },
];

try {
  const token = await signInAsAdmin(server.baseUrl);
  await api(server.baseUrl, token, 'PUT', '/api/app/settings', { settings: { 'webhooks.allowed_hosts': ['127.0.0.1'] } });
  const unprocessed = () => count(pool, 'SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL');

  // 1. Nobody listens: the processor's figure with the event hook in place.
  await waitForQuietMachine();
  await storeEvents(pool, 'none');
  let t0 = performance.now();
  await until('processing without subscriptions', async () => (await unprocessed()) === 0);
  const noneSeconds = (performance.now() - t0) / 1000;
  const queuedWithout = await count(pool, 'SELECT count(*)::text AS n FROM outbound_deliveries');

  // 2. One subscription: the same processing writes a delivery per message, and the loop POSTs them.
  await api(server.baseUrl, token, 'POST', '/api/outbound-webhooks', { url: receiver.url, events: ['message.received'] });
  await sleep(1_500);
  await waitForQuietMachine();
  const burstCpu = cpuMark();
  await storeEvents(pool, 'burst');
  const committed = epochMs();
  t0 = performance.now();
  await until('processing with a subscription', async () => (await unprocessed()) === 0);
  const burstProcessingSeconds = (performance.now() - t0) / 1000;
  const processed = epochMs();
  await until('burst deliveries', () => receiver.receipts.length >= EVENTS);
  const burst = receiver.receipts.splice(0);
  const lastReceipt = Math.max(...burst.map((r) => r.at));
  const burstSeconds = (lastReceipt - committed) / 1000;
  // Once the processor is done, the server does nothing but deliver: the loop's own pace.
  const tail = burst.filter((r) => r.at > processed).length;
  const tailRate = tail / ((lastReceipt - processed) / 1000);
  const burstCpuText = describeCpu(cpuBetween(burstCpu, cpuMark(), roles));

  // 3. Steady: webhooks arrive over HTTP as Meta would send them, well below the capacity.
  await waitForQuietMachine();
  const steadyCpu = cpuMark();
  const total = RATE * SECONDS;
  const start = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const { body, signature } = signedTextWebhook({
      wamid: benchWamid('steady', i),
      from: customerPhone(i, CUSTOMERS),
      text: `steady ${i}`,
    });
    posts.push(
      fetch(`${server.baseUrl}/api/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`webhook intake answered ${res.status}`);
      }),
    );
  }
  await Promise.all(posts);
  await until('steady deliveries', () => receiver.receipts.length >= total);
  const steady = receiver.receipts.splice(0);
  const steadyCpuText = describeCpu(cpuBetween(steadyCpu, cpuMark(), roles));

  await sleep(500);
  const states = await pool.query<{ state: string; n: string; attempts: string }>(
    'SELECT state, count(*)::text AS n, sum(attempts)::text AS attempts FROM outbound_deliveries GROUP BY state ORDER BY state',
  );
  const duplicates = [...burst, ...steady].length - new Set([...burst, ...steady].map((r) => r.delivery)).size;

  const b = summarize(burst.map((r) => r.latencyMs));
  const s = summarize(steady.map((r) => r.latencyMs));
  console.log(
    formatTable(
      ['round', 'events', 'processing events/s', 'deliveries/s', 'p50 ms', 'p99 ms', 'max ms', 'CPU'],
      [
        ['no subscription (stored at once)', String(EVENTS), (EVENTS / noneSeconds).toFixed(0), '-', '-', '-', '-', '-'],
        [
          'one subscription, burst (stored at once)',
          String(EVENTS),
          (EVENTS / burstProcessingSeconds).toFixed(0),
          (EVENTS / burstSeconds).toFixed(0),
          ms(b.p50, 0),
          ms(b.p99, 0),
          ms(b.max, 0),
          burstCpuText,
        ],
        [
          `one subscription, steady ${RATE}/s over HTTP`,
          String(total),
          '-',
          (total / SECONDS).toFixed(0),
          ms(s.p50, 1),
          ms(s.p99, 1),
          ms(s.max, 1),
          steadyCpuText,
        ],
      ],
    ),
  );
  console.log(
    `\nDeliveries alone (after the burst's processing ended): ${tail} in ${((lastReceipt - processed) / 1000).toFixed(1)} s, ` +
      `${tailRate.toFixed(0)} deliveries/s.`,
  );
  console.log(
    `Latency: from the event's createdAt (set by the server as it stores the message) to the receiver reading the request. ` +
      `Burst deliveries/s: ${EVENTS} receipts over the time from the commit of the stored webhooks to the last receipt.`,
  );
  console.log(
    `Checked: ${queuedWithout} deliveries written while nobody listened; deliveries by state: ${states.rows
      .map((r) => `${r.state} ${r.n} (${r.attempts} attempts)`)
      .join(', ')}; ${duplicates} received twice.`,
  );
} finally {
  await receiver.close();
  await pool.end();
  await stopProcess(server.started, dataDir);
  await removeDir(dataDir);
}
