// Webhook processing: how fast the real server turns stored webhook deliveries into contacts, conversations,
// messages and status changes. Stored events are written straight into webhook_events in one transaction (as the
// intake would have stored them), then the server's own processor drains them; the figure is events/s from the
// commit to an empty backlog. Two rounds: inbound text messages, then delivery statuses for outbound messages.
// With --rollups compare, what keeping the analytics rollups costs: the same rounds, interleaved, with the rollups on
// (as shipped: the analytics_mark_* triggers and the rollup job), marks only (the triggers, the job held off until the
// backlog drained) and off (triggers disabled, the job held off).
// Run: npm run bench:webhook-processing [-- --events 30000 --customers 5000] [--rollups compare --rounds 3]
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROLLUP_LOCK_ID } from '../apps/server/src/modules/analytics/rollups/run-rollups.ts';
import { statusPayload } from '../apps/server/src/whatsapp/sandbox/webhook-payloads.ts';
import { type CpuRole, type CpuUsage, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, removeDir, startServer, stopProcess, tempDataDir, waitForQuietMachine } from './lib/processes.ts';
import { clamp } from './lib/stats.ts';
import { benchBusiness, benchWamid, customerPhone, liveWhatsappEnv, signedTextWebhook } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string' },
    customers: { type: 'string' },
    rollups: { type: 'string' },
    rounds: { type: 'string' },
    'quiet-wait': { type: 'string' },
  },
});
const EVENTS = clamp(args.events ?? process.env.BENCH_EVENTS, 30_000, 100, 1_000_000);
const CUSTOMERS = clamp(args.customers ?? process.env.BENCH_CUSTOMERS, 5_000, 1, 1_000_000);
const COMPARE_ROLLUPS = args.rollups === 'compare';
if (args.rollups !== undefined && !COMPARE_ROLLUPS) throw new Error('--rollups takes one value: compare');
const ROUNDS = clamp(args.rounds, 3, 1, 10);
const QUIET_WAIT_MS = 1000 * clamp(args['quiet-wait'] ?? process.env.BENCH_QUIET_WAIT, COMPARE_ROLLUPS ? 30 : 180, 0, 600);
const CATCH_UP_TIMEOUT_MS = 600_000;
const INSERT_CHUNK = 1_000;
const DRAIN_TIMEOUT_MS = 1_800_000;
const STATUSES = ['sent', 'delivered', 'read'] as const;

interface Round {
  name: string;
  events: number;
  seconds: number;
  cpu: string;
  /** Server + PostgreSQL CPU seconds from the commit to the empty backlog. */
  busy: number;
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

const serverAndPostgres = (usage: CpuUsage) => (usage.byRole.server ?? 0) + (usage.byRole.postgres ?? 0);

async function drain(pool: pg.Pool, roles: CpuRole[], name: string, payloads: unknown[]): Promise<Round> {
  await waitForQuietMachine(QUIET_WAIT_MS);
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
  const usage = cpuBetween(before, cpuMark(), roles);
  return { name, events: payloads.length, seconds, cpu: describeCpu(usage), busy: serverAndPostgres(usage) };
}

/** `EVENTS` inbound texts from `CUSTOMERS` numbers; `run` keeps their wamids apart from other runs'. */
function inboundRound(run = 'proc'): unknown[] {
  return Array.from({ length: EVENTS }, (_, i) => {
    const { body } = signedTextWebhook({ wamid: benchWamid(run, i), from: customerPhone(i, CUSTOMERS), text: `message ${i}` });
    return JSON.parse(body);
  });
}

/** One outbound message per three statuses (sent, delivered, read), written as an agent's send would leave it. */
async function statusRound(pool: pg.Pool, run = 'bench'): Promise<unknown[]> {
  const { rows: conversations } = await pool.query<{ id: number; phone: string }>(
    'SELECT v.id, k.phone FROM conversations v JOIN contacts k ON k.id = v.contact_id ORDER BY v.id',
  );
  const outbound = Array.from({ length: Math.ceil(EVENTS / STATUSES.length) }, (_, i) => ({
    wamid: `wamid.${run}-out-${i}`,
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

/**
 * How the rollups run during a drain: 'on' as shipped (triggers mark, the job recomputes meanwhile); 'marks' with the
 * triggers marking but the job held off until the backlog drained; 'off' with the triggers disabled and the job held off.
 */
type Mode = 'on' | 'marks' | 'off';
const MODES: Mode[] = ['on', 'marks', 'off'];

/** The analytics_mark_* triggers, enabled or disabled; their names. */
async function setTriggers(pool: pg.Pool, enabled: boolean): Promise<string[]> {
  const { rows } = await pool.query<{ table: string; name: string }>(
    `SELECT tgrelid::regclass::text AS table, tgname AS name FROM pg_trigger WHERE tgname LIKE 'analytics\\_mark\\_%' AND NOT tgisinternal ORDER BY 2`,
  );
  for (const t of rows) await pool.query(`ALTER TABLE ${t.table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${t.name}`);
  return rows.map((t) => t.name);
}

/** Holds the rollup job off (the bench takes its advisory lock, so every pass gives up at once) or lets it run. */
function jobHolder(client: pg.Client) {
  let held = false;
  return async (hold: boolean) => {
    if (hold === held) return;
    await client.query(hold ? 'SELECT pg_advisory_lock($1)' : 'SELECT pg_advisory_unlock($1)', [ROLLUP_LOCK_ID]);
    held = hold;
  };
}

/** Waits until the rollup job has recomputed every marked bucket; the seconds and server + PostgreSQL CPU seconds it took. */
async function catchUp(pool: pg.Pool, roles: CpuRole[]): Promise<{ seconds: number; busy: number }> {
  const before = cpuMark();
  const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
  while ((await count(pool, 'SELECT count(*)::text AS n FROM analytics_dirty_buckets')) > 0) {
    if (Date.now() > deadline) throw new Error(`the rollups did not catch up within ${CATCH_UP_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
  const usage = cpuBetween(before, cpuMark(), roles);
  return { seconds: usage.seconds, busy: serverAndPostgres(usage) };
}

const perSecond = (events: number, seconds: number) => (events / seconds).toFixed(0);
const msPerEvent = (busy: number, events: number) => ((1000 * busy) / events).toFixed(2);

/**
 * The rounds with the rollups on, marks only and off, interleaved (the modes' order rotated each round) after an
 * unmeasured inbound round that creates the customers' conversations. Each run: inbound texts, then statuses. Before the
 * clock starts the job has recomputed every marked bucket (the status round writes its outbound messages first); after
 * the backlog drains, with the triggers on, the job's catch-up is awaited (its CPU counted in the CPU per event, not in
 * events/s).
 */
async function compareRollups(pool: pg.Pool, roles: CpuRole[], jobHold: pg.Client): Promise<void> {
  const holdJob = jobHolder(jobHold);
  const triggers = await setTriggers(pool, true);
  console.log(`Rollup triggers: ${triggers.join(', ') || 'none'}; the job is held off by its advisory lock ${ROLLUP_LOCK_ID}.`);
  await drain(pool, roles, 'warm-up', inboundRound('proc-warm'));
  await catchUp(pool, roles);
  const rows: string[][] = [];
  const totals = new Map<string, { events: number; seconds: number; busy: number }>();
  const add = (key: string, events: number, seconds: number, busy: number) => {
    const t = totals.get(key) ?? { events: 0, seconds: 0, busy: 0 };
    totals.set(key, { events: t.events + events, seconds: t.seconds + seconds, busy: t.busy + busy });
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const order = MODES.map((_, i) => MODES[(i + round - 1) % MODES.length] as Mode);
    for (const mode of order) {
      await setTriggers(pool, mode !== 'off');
      const run = `proc-${round}-${mode}`;
      const kinds = [
        { kind: 'inbound', payloads: async () => inboundRound(run) },
        { kind: 'statuses', payloads: () => statusRound(pool, run) },
      ];
      for (const { kind, payloads } of kinds) {
        const events = await payloads();
        await holdJob(false);
        await catchUp(pool, roles);
        await holdJob(mode !== 'on');
        const r = await drain(pool, roles, `${run} ${kind}`, events);
        await holdJob(false);
        const after = mode === 'off' ? { seconds: 0, busy: 0 } : await catchUp(pool, roles);
        add(`${kind} ${mode}`, r.events, r.seconds, r.busy + after.busy);
        rows.push([
          String(round),
          mode,
          kind,
          String(r.events),
          r.seconds.toFixed(1),
          perSecond(r.events, r.seconds),
          mode === 'off' ? '-' : after.seconds.toFixed(1),
          msPerEvent(r.busy + after.busy, r.events),
          r.cpu,
        ]);
        console.log(`  round ${round}, rollups ${mode}, ${kind}: ${perSecond(r.events, r.seconds)} events/s`);
      }
    }
  }
  await setTriggers(pool, true);
  const header = ['round', 'rollups', 'kind', 'events', 'seconds', 'events/s', 'catch-up s', 'CPU ms/event', 'CPU (drain)'];
  console.log(`\n${formatTable(header, rows)}`);
  const summary = ['inbound', 'statuses'].map((kind) => {
    const of = (mode: Mode) => totals.get(`${kind} ${mode}`) as { events: number; seconds: number; busy: number };
    const rate = (mode: Mode) => of(mode).events / of(mode).seconds;
    return [
      kind,
      ...MODES.map((mode) => rate(mode).toFixed(0)),
      (rate('on') / rate('off')).toFixed(3),
      (rate('marks') / rate('off')).toFixed(3),
      ...MODES.map((mode) => msPerEvent(of(mode).busy, of(mode).events)),
    ];
  });
  const summaryHeader = [
    'kind',
    ...MODES.map((mode) => `${mode} events/s`),
    'on/off',
    'marks/off',
    ...MODES.map((mode) => `${mode} CPU ms/event`),
  ];
  console.log(`\nOver the ${ROUNDS} rounds (events/s: all events over all drain seconds):\n${formatTable(summaryHeader, summary)}`);
}

/** The plain run: inbound texts, then statuses, each counted and checked. */
async function processingRounds(pool: pg.Pool, roles: CpuRole[]): Promise<void> {
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
}

console.log('bench/webhook-processing: stored webhook deliveries turned into messages by the real server');
console.log(machineLine());
console.log(
  `Server: tsx apps/server/src/main.ts in live WhatsApp mode (nothing posts back), embedded PostgreSQL, fresh DATA_DIR. ` +
    `${EVENTS} events stored in one transaction per round; timed from its commit until no event waits.` +
    (COMPARE_ROLLUPS ? ` Rollups on and off, ${ROUNDS} interleaved rounds.\n` : '\n'),
);

const dataDir = await tempDataDir('webhook-processing');
const server = await startServer('server', dataDir, liveWhatsappEnv());
const databaseUrl = await embeddedDatabaseUrl(dataDir);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const jobHold = new pg.Client({ connectionString: databaseUrl });
await jobHold.connect();
const roles: CpuRole[] = [
  { name: 'postgres', postgresOf: dataDir },
  { name: 'server', pgid: server.started.pgid },
  { name: 'orchestrator', self: true },
];

try {
  if (COMPARE_ROLLUPS) {
    await compareRollups(pool, roles, jobHold);
  } else {
    await processingRounds(pool, roles);
  }
} finally {
  await jobHold.end();
  await pool.end();
  await stopProcess(server.started, dataDir);
  await removeDir(dataDir);
}
