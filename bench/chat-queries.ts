// Conversation list and chat history response times with 100k conversations and 1M messages seeded: p50/p95 of
// GET /api/agent/conversations (page 1, deep pages by number and by cursor, searches) and GET /api/agent/chat/{phone}
// (a 10k-message thread and a typical one) through real HTTP as a signed-in agent, one request at a time.
// Run: npm run bench:chat [-- --requests 200 --conversations 100000 --messages 1000000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signInAsAdmin, timeGets } from './lib/admin-requests.ts';
import { type ChatSeedReport, seedChat } from './lib/chat-seed.ts';
import { type CpuRole, type CpuUsage, cpuBetween, cpuMark } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, startServer, tempDataDir } from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, ms, type Summary, summarize } from './lib/stats.ts';
import { benchBusiness, liveWhatsappEnv } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({
  options: { requests: { type: 'string' }, conversations: { type: 'string' }, messages: { type: 'string' } },
});
const REQUESTS = clamp(args.requests ?? process.env.BENCH_REQUESTS, 200, 10, 5_000);
const CONVERSATIONS = clamp(args.conversations, 100_000, 1_000, 1_000_000);
const MESSAGES = clamp(args.messages, 1_000_000, CONVERSATIONS + 10_000, 10_000_000);
const HEAVY_THREAD = 10_000;
const WARMUP_REQUESTS = 20;
const PAGE_SIZE = 30;
const HISTORY_PAGE_SIZE = 50;
const TARGET_P95_MS = 20;

interface Scenario {
  name: string;
  path: string;
  /** What a correct answer looks like, so a fast error is never counted as a fast answer. */
  check: (body: unknown) => string | null;
}

interface Measured {
  scenario: Scenario;
  latency: Summary;
  sample: string;
  cpu: CpuUsage;
}

interface ConversationsBody {
  conversations: unknown[];
  pagination: { total: number; totalPages: number };
  nextCursor: string | null;
}
interface HistoryBody {
  conversation: { id: number } | null;
  messages: unknown[];
  pagination: { total: number };
}

async function measure(baseUrl: string, token: string, scenario: Scenario, roles: CpuRole[]): Promise<Measured> {
  let before = cpuMark();
  const { times, size } = await timeGets(scenario.name, `${baseUrl}${scenario.path}`, token, {
    warmup: WARMUP_REQUESTS,
    count: REQUESTS,
    timeoutMs: 30_000,
    check: (body) => scenario.check(JSON.parse(body)),
    onWarmedUp: () => {
      before = cpuMark();
    },
  });
  return { scenario, latency: summarize(times), sample: size, cpu: cpuBetween(before, cpuMark(), roles) };
}

const lastPageOf = (seed: ChatSeedReport) => Math.ceil(seed.conversations / PAGE_SIZE);
/** Pages asked by cursor as well as by number: a deep one and the last. */
const cursorPages = (lastPage: number) => (lastPage > 1000 ? [1000, lastPage] : [lastPage]);
const conversationsPath = (query: string) => `/api/agent/conversations?limit=${PAGE_SIZE}&${query}`;

/** Where the console stands after scrolling through `page - 1` pages: the nextCursor of that page asked by number. */
async function cursorBefore(baseUrl: string, token: string, page: number): Promise<string> {
  const res = await fetch(`${baseUrl}${conversationsPath(`page=${page - 1}`)}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as ConversationsBody;
  if (!body.nextCursor) throw new Error(`page ${page - 1}: no nextCursor in ${JSON.stringify(body).slice(0, 200)}`);
  return body.nextCursor;
}

function scenarios(seed: ChatSeedReport, cursors: Map<number, string>): Scenario[] {
  const list = (expectRows: (b: ConversationsBody) => boolean, what: string) => (body: unknown) =>
    expectRows(body as ConversationsBody) ? null : `expected ${what}, got ${JSON.stringify(body).slice(0, 200)}`;
  const history = (messages: number) => (body: unknown) => {
    const b = body as HistoryBody;
    return b.conversation && b.messages.length > 0 && b.pagination.total === messages
      ? null
      : `expected a thread of ${messages} messages, got ${JSON.stringify(body).slice(0, 200)}`;
  };
  const lastPage = lastPageOf(seed);
  const full = (b: ConversationsBody) => b.conversations.length === PAGE_SIZE && b.pagination.total === seed.conversations;
  const deepPages = [100, 1000].filter((page) => page < lastPage);
  return [
    { name: 'conversations, page 1', path: conversationsPath('page=1'), check: list(full, `${PAGE_SIZE} of ${seed.conversations}`) },
    ...deepPages.map((page) => ({
      name: `conversations, page ${page}`,
      path: conversationsPath(`page=${page}`),
      check: list(full, 'a full page'),
    })),
    {
      name: `conversations, last page (${lastPage})`,
      path: conversationsPath(`page=${lastPage}`),
      check: list((b) => b.conversations.length > 0, 'some rows'),
    },
    ...[...cursors].map(([page, cursor]) => ({
      name: `conversations, by cursor at page ${page}${page === lastPage ? ' (the last)' : ''}`,
      path: conversationsPath(`cursor=${cursor}`),
      check: list((b) => b.conversations.length > 0 && (page === lastPage ? b.nextCursor === null : full(b)), 'that page'),
    })),
    {
      name: 'conversations, search "silva" (name)',
      path: conversationsPath('page=1&search=silva'),
      check: list((b) => b.pagination.total > 0 && b.pagination.total < seed.conversations, 'some matches'),
    },
    {
      name: 'conversations, search "ana silva" (full name)',
      path: conversationsPath('page=1&search=ana%20silva'),
      check: list((b) => b.pagination.total > 0, 'some matches'),
    },
    {
      name: 'conversations, search "+44 7700 0123" (phone)',
      path: conversationsPath(`page=1&search=${encodeURIComponent('+44 7700 0123')}`),
      check: list((b) => b.pagination.total > 0, 'some matches'),
    },
    {
      name: 'conversations, search "+44 7700 001234" (whole number)',
      path: conversationsPath(`page=1&search=${encodeURIComponent('+44 7700 001234')}`),
      check: list((b) => b.pagination.total === 1, 'that one contact'),
    },
    {
      name: `chat, page 1 of the ${seed.heavy.messages}-message thread`,
      path: `/api/agent/chat/${seed.heavy.phone}?page=1&limit=${HISTORY_PAGE_SIZE}`,
      check: history(seed.heavy.messages),
    },
    {
      name: `chat, page 100 of the ${seed.heavy.messages}-message thread`,
      path: `/api/agent/chat/${seed.heavy.phone}?page=100&limit=${HISTORY_PAGE_SIZE}`,
      check: history(seed.heavy.messages),
    },
    {
      name: `chat, page 1 of a typical thread (${seed.typical.messages} messages)`,
      path: `/api/agent/chat/${seed.typical.phone}?page=1&limit=${HISTORY_PAGE_SIZE}`,
      check: history(seed.typical.messages),
    },
  ];
}

console.log('bench/chat-queries: conversation list and chat history with a large inbox');
console.log(machineLine());
console.log(
  'Processes: real server = child (tsx apps/server/src/main.ts, LOG_LEVEL=warn, embedded PostgreSQL as its child, fresh DATA_DIR); ' +
    'this process seeds the database directly (SQL) and then sends the requests.',
);

const dataDir = await tempDataDir('chat');
const server = await startServer('server', dataDir, liveWhatsappEnv());
const databaseUrl = await embeddedDatabaseUrl(dataDir);

try {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let seed: ChatSeedReport;
  try {
    console.log(`seeding ${CONVERSATIONS} contacts and conversations and ${MESSAGES} messages...`);
    seed = await seedChat(client, {
      conversations: CONVERSATIONS,
      messages: MESSAGES,
      heavyThread: HEAVY_THREAD,
      phoneNumberId: benchBusiness.phoneNumberId,
    });
  } finally {
    await client.end();
  }
  console.log(
    `Seeded in ${seed.seconds.toFixed(1)} s (SQL in PostgreSQL, then VACUUM ANALYZE): ${seed.contacts} contacts, ${seed.conversations} conversations, ` +
      `${seed.messages} messages; largest threads ${seed.largest.join(', ')}; median thread ${seed.typical.messages} messages; ` +
      `${seed.unread} unread messages in ${seed.conversationsWithUnread} conversations.`,
  );
  console.log(
    `Each scenario: ${WARMUP_REQUESTS} requests to warm up (discarded), then ${REQUESTS} one after another on a keep-alive connection, ` +
      'signed in as the admin (bearer token); time from sending to the whole body received.\n',
  );

  const token = await signInAsAdmin(server.baseUrl);
  await waitForQuietMachineAndSay();
  const roles: CpuRole[] = [
    { name: 'postgres', postgresOf: dataDir },
    { name: 'server', pgid: server.started.pgid },
    { name: 'client', self: true },
  ];
  const cursors = new Map<number, string>();
  for (const page of cursorPages(lastPageOf(seed))) cursors.set(page, await cursorBefore(server.baseUrl, token, page));
  const measured: Measured[] = [];
  for (const scenario of scenarios(seed, cursors)) {
    const m = await measure(server.baseUrl, token, scenario, roles);
    measured.push(m);
    console.log(`  ${scenario.name}: p50 ${ms(m.latency.p50)} ms, p95 ${ms(m.latency.p95)} ms`);
  }
  console.log('');
  console.log(
    formatTable(
      [
        'request',
        'path',
        'body',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        `p95 <= ${TARGET_P95_MS} ms`,
        'CPU s: server / postgres / others',
      ],
      measured.map(({ scenario, latency, sample, cpu }) => [
        scenario.name,
        // A cursor is long and says nothing to a reader; the scenario's name tells where it stands.
        scenario.path.replace(/cursor=[^&]+/, 'cursor=…'),
        sample,
        ms(latency.p50),
        ms(latency.p95),
        ms(latency.p99),
        ms(latency.max),
        latency.p95 <= TARGET_P95_MS ? 'yes' : 'NO',
        `${cpu.byRole.server?.toFixed(1)} / ${cpu.byRole.postgres?.toFixed(1)} / ${cpu.others.toFixed(1)} in ${cpu.seconds.toFixed(1)} s`,
      ]),
    ),
  );
  const missed = measured.filter((m) => m.latency.p95 > TARGET_P95_MS).length;
  console.log(`\n${measured.length - missed} of ${measured.length} requests meet the p95 target of ${TARGET_P95_MS} ms.`);
  console.log(
    'CPU s = CPU seconds used while each scenario was measured by the server (node), its postgres, and processes that are not ours ' +
      '(other people on the machine; when this is a sizeable share of the time, the figures of that row are inflated).',
  );
} finally {
  await stopAndReport(server.started, dataDir);
}
