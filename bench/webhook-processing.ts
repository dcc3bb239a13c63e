// Webhook processing: how fast the real server turns stored webhook deliveries into contacts, conversations,
// messages and status changes. Stored events are written straight into webhook_events in one transaction (as the
// intake would have stored them), then the server's own processor drains them; the figure is events/s from the
// commit to an empty backlog. Two rounds: inbound text messages, then delivery statuses for outbound messages.
// Run: npm run bench:webhook-processing [-- --events 30000 --customers 5000]
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { statusPayload } from '../apps/server/src/whatsapp/sandbox/webhook-payloads.ts';
import { type CpuRole, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, removeDir, startServer, stopProcess, tempDataDir, waitForQuietMachine } from './lib/processes.ts';
import { clamp } from './lib/stats.ts';
import { benchBusiness, benchWamid, customerPhone, liveWhatsappEnv, signedTextWebhook } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({ options: { events: { type: 'string' }, customers: { type: 'string' } } });
const EVENTS = clamp(args.events ?? process.env.BENCH_EVENTS, 30_000, 100, 1_000_000);
const CUSTOMERS = clamp(args.customers ?? process.env.BENCH_CUSTOMERS, 5_000, 1, 1_000_000);
const INSERT_CHUNK = 1_000;
const DRAIN_TIMEOUT_MS = 1_800_000;
const STATUSES = ['sent', 'delivered', 'read'] as const;

interface Round {
  name: string;
  events: number;
  seconds: number;
  cpu: string;
}

const count = async (pool: pg.Pool, text: string) => Number((await pool.query<{ n: string }>(text)).rows[0]?.n ?? 0);
const waiting = (pool: pg.Pool) => count(pool, 'SELECT count(*)::text AS n FROM webhook_events WHERE processed_at IS NULL');

/** Stores every payload in one transaction, so the processor sees the whole backlog at once when it commits. */
async function storeEvents(pool: pg.Pool, payloads: unknown[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < payloads.length; i += INSERT_CHUNK) {
      const chunk = payloads.slice(i, i + INSERT_CHUNK).map((p) => JSON.stringify(p));
      await client.query('INSERT INTO webhook_events (payload) SELECT unnest($1::jsonb[])', [chunk]);
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

async function drain(pool: pg.Pool, roles: CpuRole[], name: string, payloads: unknown[]): Promise<Round> {
  await waitForQuietMachine();
  const before = cpuMark();
  await storeEvents(pool, payloads);
  const t0 = performance.now();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while ((await waiting(pool)) > 0) {
    if (Date.now() > deadline) throw new Error(`${name}: backlog not drained within ${DRAIN_TIMEOUT_MS / 1000} s`);
    await sleep(50);
  }
  const seconds = (performance.now() - t0) / 1000;
  const failed = await count(pool, 'SELECT count(*)::text AS n FROM webhook_events WHERE error IS NOT NULL');
  if (failed > 0) throw new Error(`${name}: ${failed} events failed to process`);
  return { name, events: payloads.length, seconds, cpu: describeCpu(cpuBetween(before, cpuMark(), roles)) };
}

function inboundRound(): unknown[] {
  return Array.from({ length: EVENTS }, (_, i) => {
    const { body } = signedTextWebhook({ wamid: benchWamid('proc', i), from: customerPhone(i, CUSTOMERS), text: `message ${i}` });
    return JSON.parse(body);
  });
}

/** One outbound message per three statuses (sent, delivered, read), written as an agent's send would leave it. */
async function statusRound(pool: pg.Pool): Promise<unknown[]> {
  const { rows: conversations } = await pool.query<{ id: number; phone: string }>(
    'SELECT v.id, k.phone FROM conversations v JOIN contacts k ON k.id = v.contact_id ORDER BY v.id',
  );
  const outbound = Array.from({ length: Math.ceil(EVENTS / STATUSES.length) }, (_, i) => ({
    wamid: `wamid.bench-out-${i}`,
    conversation: conversations[i % conversations.length]!,
  }));
  await pool.query(
    `INSERT INTO messages (conversation_id, wamid, direction, type, content, status)
     SELECT unnest($1::int[]), unnest($2::text[]), 'outbound', 'text', '{"text":"hi"}', 'pending'`,
    [outbound.map((m) => m.conversation.id), outbound.map((m) => m.wamid)],
  );
  return STATUSES.flatMap((status) =>
    outbound.map(({ wamid, conversation }) => statusPayload(benchBusiness, { wamid, status, recipientId: conversation.phone })),
  ).slice(0, EVENTS);
}

console.log('bench/webhook-processing: stored webhook deliveries turned into messages by the real server');
console.log(machineLine());
console.log(
  `Server: tsx apps/server/src/main.ts in live WhatsApp mode (nothing posts back), embedded PostgreSQL, fresh DATA_DIR. ` +
    `${EVENTS} events stored in one transaction per round; timed from its commit until no event waits.\n`,
);

const dataDir = await tempDataDir('webhook-processing');
const server = await startServer('server', dataDir, liveWhatsappEnv());
const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
const roles: CpuRole[] = [
  { name: 'postgres', postgresOf: dataDir },
  { name: 'server', pgid: server.started.pgid },
  { name: 'orchestrator', self: true },
];

try {
  const rounds: Round[] = [];
  rounds.push(await drain(pool, roles, `inbound texts from ${CUSTOMERS} customers`, inboundRound()));
  const messages = await count(pool, `SELECT count(*)::text AS n FROM messages WHERE direction = 'inbound'`);
  if (messages !== EVENTS) throw new Error(`expected ${EVENTS} inbound messages, found ${messages}`);
  rounds.push(await drain(pool, roles, 'statuses sent/delivered/read', await statusRound(pool)));
  const read = await count(pool, `SELECT count(*)::text AS n FROM messages WHERE status = 'read'`);
  console.log(
    formatTable(
      ['round', 'events', 'seconds', 'events/s', 'CPU'],
      rounds.map((r) => [r.name, String(r.events), r.seconds.toFixed(1), (r.events / r.seconds).toFixed(0), r.cpu]),
    ),
  );
  console.log(`\nChecked: ${messages} inbound messages stored once each; ${read} outbound messages reached read.`);
} finally {
  await pool.end();
  await stopProcess(server.started, dataDir);
  await removeDir(dataDir);
}
