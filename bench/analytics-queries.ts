// Analytics at scale: a year of a support team's WhatsApp (1M messages by default, 10M for the big run) seeded by SQL,
// the rollups built from it by the engine's rebuild (timed), then p50/p95/max of every analytics endpoint through real
// HTTP as the signed-in admin for a 30-day and a 365-day range, beside a bare node:http server answering a prepared
// SELECT 1 from the same database, measured the same way.
// Run: npm run bench:analytics [-- --messages 1000000 --requests 30]   (BENCH_MESSAGES=10000000 for the big run)
// With --data-dir DIR (or BENCH_DATA_DIR) the seeded, rebuilt data directory is kept there and the next run with the
// same DIR and size reuses it: seed and rebuild once, then measure as often as the code changes.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/database.ts';
import { localCountsTimezone } from '../apps/server/src/modules/analytics/rollups/local-counts.ts';
import { signInAsAdmin, timeGets } from './lib/admin-requests.ts';
import { seedAnalytics } from './lib/analytics-seed.ts';
import { type CpuRole, cpuBetween, cpuMark, describeCpu } from './lib/cpu-usage.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, startBareServer, startServer, tempDataDir } from './lib/processes.ts';
import { rebuildRollupsAndWait } from './lib/rollups.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, ms, summarize } from './lib/stats.ts';
import { benchBusiness, liveWhatsappEnv } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({
  options: { messages: { type: 'string' }, requests: { type: 'string' }, warmup: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const KEPT_DATA_DIR = args['data-dir'] ?? process.env.BENCH_DATA_DIR;
const MESSAGES = clamp(args.messages ?? process.env.BENCH_MESSAGES, 1_000_000, 10_000, 20_000_000);
const REQUESTS = clamp(args.requests ?? process.env.BENCH_REQUESTS, 30, 5, 1_000);
const WARMUP_REQUESTS = clamp(args.warmup, 3, 0, 100);
const DAYS = 400;
const TARGET_MS = 50;

interface Scenario {
  endpoint: string;
  range: string;
  interval: string;
  url: string;
}

/** What a kept data directory holds: the size asked, when it was seeded (the ranges end that day) and what it printed. */
interface SeededData {
  messages: number;
  seededAt: string;
  lines: string[];
}
const SEEDED_FILE = 'bench-analytics-seeded.json';

async function keptData(dir: string): Promise<SeededData | null> {
  const file = path.join(dir, SEEDED_FILE);
  if (!existsSync(file)) return null;
  const kept = JSON.parse(await readFile(file, 'utf8')) as SeededData;
  if (kept.messages !== MESSAGES) throw new Error(`${dir} holds ${kept.messages} messages, not ${MESSAGES}: give another --data-dir`);
  return kept;
}

let rangesEndAt = Date.now();
const day = (offset: number) => new Date(rangesEndAt + offset * 86_400_000).toISOString().slice(0, 10);

/** Every analytics endpoint of spec 7 and the template analytics (whose intervals have their own names). */
const ENDPOINTS = [
  '/api/reports/summary',
  '/api/analytics/conversations',
  '/api/analytics/messages/volume',
  '/api/analytics/messages/response',
  '/api/analytics/users/active',
  '/api/analytics/users/retention',
  '/api/analytics/engagement',
  '/api/analytics/sentiment',
  '/api/analytics/activity/daily',
  '/api/analytics/templates',
];
const RANGES = [
  { range: '30 days', days: 30, intervals: ['day'] },
  { range: '365 days', days: 365, intervals: ['day', 'week'] },
];
const TEMPLATE_INTERVALS: Record<string, string> = { hour: 'hourly', day: 'daily', week: 'weekly', month: 'monthly' };

function scenarios(baseUrl: string): Scenario[] {
  return RANGES.flatMap(({ range, days, intervals }) =>
    intervals.flatMap((interval) =>
      ENDPOINTS.map((endpoint) => {
        const templates = endpoint === '/api/analytics/templates';
        // Template analytics as the console asks them: the series of the six templates its chart draws.
        const query = `startDate=${day(1 - days)}&endDate=${day(0)}&interval=${templates ? `${TEMPLATE_INTERVALS[interval]}&top=6` : interval}`;
        return { endpoint, range, interval, url: `${baseUrl}${endpoint}?${query}` };
      }),
    ),
  );
}

/** Some count in the answer is above zero: a fast empty answer is not a fast answer. */
function countsSomething(value: unknown): boolean {
  if (typeof value === 'number') return value > 0;
  if (Array.isArray(value)) return value.some(countsSomething);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => key !== 'range' && countsSomething(v));
  return false;
}

const failures: string[] = [];

/** The table's cells for one request: body size, p50, p95, max and the target; a request that fails is listed below the table. */
/**
 * The table's cells for one request: body size, p50, p95, max, the CPU the serving processes (`serving`: the server
 * and its PostgreSQL, or the bare server) used per timed request, which other people's load moves least, and the
 * target; a request that fails is listed below the table.
 */
async function measure(name: string, url: string, token: string, serving: CpuRole[]): Promise<string[]> {
  try {
    let warmedUp = cpuMark();
    const { times, size } = await timeGets(name, url, token, {
      warmup: WARMUP_REQUESTS,
      count: REQUESTS,
      timeoutMs: 120_000,
      check: (body) => (countsSomething(JSON.parse(body)) ? null : `nothing counted: ${body.slice(0, 300)}`),
      onWarmedUp: () => {
        warmedUp = cpuMark();
      },
    });
    const cpu = Object.values(cpuBetween(warmedUp, cpuMark(), serving).byRole).reduce((a, b) => a + b, 0);
    const latency = summarize(times);
    const cells = [ms(latency.p50), ms(latency.p95), ms(latency.max), ms((1000 * cpu) / times.length)];
    return [size, ...cells, latency.p95 <= TARGET_MS ? 'yes' : 'NO'];
  } catch (err) {
    failures.push((err as Error).message);
    return ['failed', '-', '-', '-', '-', 'NO'];
  }
}

/** Waits until the local rows are current: an upgrade that changed what they hold re-sums them on the server's start. */
async function waitForLocalCounts(databaseUrl: string): Promise<void> {
  const { db, close } = connectDatabase(databaseUrl);
  try {
    const t0 = performance.now();
    while (!(await localCountsTimezone(db))) await sleep(1000);
    const waited = (performance.now() - t0) / 1000;
    if (waited > 1) console.log(`the server re-summed the local rows on start in ${waited.toFixed(0)} s`);
  } finally {
    await close();
  }
}

/** Seeds the data and rebuilds the rollups, printing each step; answers the lines printed. */
async function seedAndRebuild(databaseUrl: string, dataDir: string, serverPgid: number): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  // Stopped with Ctrl-C, the server stops its PostgreSQL under this connection: not an error to crash on.
  client.on('error', () => {});
  await client.connect();
  try {
    say(`seeding about ${MESSAGES} messages over ${DAYS} days (SQL in PostgreSQL, triggers off)...`);
    const seeded = await seedAnalytics(
      client,
      { messages: MESSAGES, days: DAYS, phoneNumberIds: [benchBusiness.phoneNumberId, '300000000000003'] },
      (line) => say(line),
    );
    say(
      `seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.messages} messages (${JSON.stringify(seeded.bySender)}), ` +
        `${seeded.contacts} contacts and conversations, ${seeded.episodes} episodes, session changes ${JSON.stringify(seeded.sessionChanges)}, ` +
        `${seeded.flowSessions} flow sessions, ${seeded.campaignRecipients} campaign recipients, sentiment ${JSON.stringify(seeded.sentimentLabels)}`,
    );
    say("rebuilding the rollups (rebuildRollups, carried out by the server's rollup job)...");
    const before = cpuMark();
    const rebuilt = await rebuildRollupsAndWait(databaseUrl, (line) => say(line));
    const cpu = describeCpu(
      cpuBetween(before, cpuMark(), [
        { name: 'server', pgid: serverPgid },
        { name: 'postgres', postgresOf: dataDir },
      ]),
    );
    const { rows } = await client.query<{ name: string; n: string }>(`
    SELECT 'analytics_counts' AS name, count(*)::text AS n FROM analytics_counts
    UNION ALL SELECT 'analytics_response_samples', count(*)::text FROM analytics_response_samples
    UNION ALL SELECT 'analytics_presence', count(*)::text FROM analytics_presence
    UNION ALL SELECT 'analytics_retention', count(*)::text FROM analytics_retention`);
    say(
      `rebuilt in ${rebuilt.seconds.toFixed(1)} s (${rebuilt.buckets} buckets; ${cpu}): ${rows.map((r) => `${r.n} rows in ${r.name}`).join(', ')}`,
    );
  } finally {
    await client.end();
  }
  return lines;
}

console.log('bench/analytics-queries: every analytics endpoint over a year of seeded conversations');
console.log(machineLine());
const dataDir = KEPT_DATA_DIR ? path.resolve(KEPT_DATA_DIR) : await tempDataDir('analytics');
if (KEPT_DATA_DIR) await mkdir(dataDir, { recursive: true });
const kept = KEPT_DATA_DIR ? await keptData(dataDir) : null;
// No Graph API in reach and no periodic template sync: only the database and the server are measured.
const server = await startServer('server', dataDir, { ...liveWhatsappEnv(), TEMPLATE_SYNC_INTERVAL_MS: '0' });
const databaseUrl = await embeddedDatabaseUrl(dataDir);
const bare = await startBareServer('bare node:http', 'bench/bare-select-server.ts', '/health', { DATABASE_URL: databaseUrl });
try {
  if (kept) {
    rangesEndAt = Date.parse(kept.seededAt);
    console.log(`reusing ${dataDir}, seeded ${kept.seededAt} (the ranges end that day):\n${kept.lines.join('\n')}`);
    await waitForLocalCounts(databaseUrl);
  } else {
    const lines = await seedAndRebuild(databaseUrl, dataDir, server.started.pgid);
    if (KEPT_DATA_DIR) {
      const seeded: SeededData = { messages: MESSAGES, seededAt: new Date(rangesEndAt).toISOString(), lines };
      await writeFile(path.join(dataDir, SEEDED_FILE), JSON.stringify(seeded, null, 2));
      console.log(`kept in ${dataDir}: the next run with --data-dir ${KEPT_DATA_DIR} measures this data again`);
    }
  }
  const token = await signInAsAdmin(server.baseUrl);
  await waitForQuietMachineAndSay();
  console.log(`Each request: ${WARMUP_REQUESTS} warm-ups (discarded), then ${REQUESTS} one after another, as the admin.\n`);
  const roles: CpuRole[] = [
    { name: 'server', pgid: server.started.pgid },
    { name: 'postgres', postgresOf: dataDir },
    { name: 'bare', pgid: bare.started.pgid },
    { name: 'bench', self: true },
  ];
  const before = cpuMark();
  const rows: string[][] = [];
  const bareRow = await measure('bare SELECT 1', `http://127.0.0.1:${bare.port}/select-1`, token, [
    { name: 'bare', pgid: bare.started.pgid },
    { name: 'postgres', postgresOf: dataDir },
  ]);
  rows.push(['bare node:http, prepared SELECT 1', '-', '-', ...bareRow]);
  console.log(`  bare SELECT 1: p50 ${bareRow[1]} ms, p95 ${bareRow[2]} ms`);
  for (const s of scenarios(server.baseUrl)) {
    const row = await measure(`${s.endpoint} ${s.range} ${s.interval}`, s.url, token, roles.slice(0, 2));
    console.log(`  ${s.endpoint}, ${s.range}, ${s.interval}: p50 ${row[1]} ms, p95 ${row[2]} ms`);
    rows.push([s.endpoint, s.range, s.interval, ...row]);
  }
  console.log(`\nCPU while measuring: ${describeCpu(cpuBetween(before, cpuMark(), roles))}`);
  console.log(
    `\n${formatTable(['request', 'range', 'interval', 'body', 'p50 ms', 'p95 ms', 'max ms', 'CPU ms/req', `p95 <= ${TARGET_MS} ms`], rows)}`,
  );
  if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
} finally {
  await stopAndReport(server.started, dataDir, { bare: bare.started }, { keepDataDir: Boolean(KEPT_DATA_DIR) });
}
