// Database cleanup at scale, on a copy of a data directory the analytics bench seeded (a year of a support team's
// WhatsApp, 1M messages): rows deleted per second by the cleanup with and without archiving, beside a bare DELETE loop
// of the same batches (no archive, no kept analytics, no conversations settled); and the chat list's and webhook
// intake's p50/p99 while a cleanup runs, beside the same with none.
// Run: npm run bench:cleanup -- --from /work/bench-data/an1m [--seconds 30]
import { execFileSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { MaintenanceRun } from '@wac/contract/cleanup';
import pg from 'pg';
import { signInAsAdmin } from './lib/admin-requests.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, startServer, tempDataDir } from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, ms, summarize } from './lib/stats.ts';
import { benchWamid, customerPhone, liveWhatsappEnv, signedTextWebhook, WEBHOOK_CUSTOMERS } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({ options: { from: { type: 'string' }, seconds: { type: 'string' } } });
if (!args.from) throw new Error('give --from DIR: a data directory the analytics bench kept (npm run bench:analytics -- --data-dir DIR)');
const SECONDS = clamp(args.seconds, 30, 5, 600);
const DAYS = 30;
const BATCH = 1000;

console.log('bench/cleanup: database cleanup of a year of messages, and the chat meanwhile');
console.log(machineLine());
const dataDir = await tempDataDir('cleanup');
const copyStart = performance.now();
execFileSync('cp', ['-a', `${path.resolve(args.from)}/.`, dataDir]);
console.log(`copied ${args.from} in ${((performance.now() - copyStart) / 1000).toFixed(0)} s`);
const server = await startServer('server', dataDir, { ...liveWhatsappEnv(), TEMPLATE_SYNC_INTERVAL_MS: '0' });
const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
const token = await signInAsAdmin(server.baseUrl);
const api = (method: string, url: string, body?: unknown) =>
  fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
const count = async (where = 'true') =>
  (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE ${where}`)).rows[0]?.n ?? 0;

/** Loops a request one at a time until `until`, timing each; throws on any answer but `expected`. */
async function timeLoop(until: number, request: (i: number) => Promise<Response>, expected: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; performance.now() < until; i++) {
    const t0 = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`HTTP ${res.status} (expected ${expected})`);
    times.push(performance.now() - t0);
  }
  return times;
}

let webhookSeq = 0;
/** The chat list (the inbox's first page) and a customer's webhook, each in a loop, side by side for SECONDS. */
async function chatAndWebhooks(label: string): Promise<string[][]> {
  const until = performance.now() + SECONDS * 1000;
  const [list, hooks] = await Promise.all([
    timeLoop(until, () => api('GET', '/api/agent/conversations?limit=50'), 200),
    timeLoop(
      until,
      () => {
        webhookSeq += 1;
        const { body, signature } = signedTextWebhook({
          wamid: benchWamid(`cleanup-${process.pid}`, webhookSeq),
          from: customerPhone(webhookSeq, WEBHOOK_CUSTOMERS),
          text: 'still there?',
        });
        return fetch(`${server.baseUrl}/api/webhooks/whatsapp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body,
        });
      },
      200,
    ),
  ]);
  const row = (what: string, times: number[]) => {
    const s = summarize(times);
    return [label, what, String(s.count), ms(s.p50), ms(s.p99)];
  };
  return [row('chat list (50)', list), row('webhook intake', hooks)];
}

/** A cleanup run of messages older than DAYS for SECONDS, then stopped: rows per second from its own start and end. */
async function cleanupFor(archiveBeforeDelete: boolean, alongside?: () => Promise<string[][]>) {
  const res = await api('POST', '/api/database/cleanup', { days: DAYS, collections: ['messages'], archiveBeforeDelete, batchSize: BATCH });
  if (res.status !== 202) throw new Error(`cleanup refused: ${res.status} ${await res.text()}`);
  const run = (await res.json()) as MaintenanceRun;
  let load: string[][] = [];
  if (alongside) load = await alongside();
  else await sleep(SECONDS * 1000);
  await api('POST', '/api/database/cleanup/stop');
  for (;;) {
    const status = (await (await api('GET', '/api/database/cleanup/status')).json()) as { history: MaintenanceRun[] };
    const done = status.history.find((r) => r.id === run.id);
    if (done) {
      const seconds = (Date.parse(done.finishedAt as string) - Date.parse(done.startedAt)) / 1000;
      const rows = done.items[0]?.count ?? 0;
      let archiveBytes = 0;
      for (const name of done.archives) archiveBytes += (await stat(path.join(dataDir, 'archives', name))).size;
      return { rows, seconds, load, archiveBytes };
    }
    await sleep(200);
  }
}

/** The same batches as a bare loop of DELETE statements on one connection: nothing archived, kept or settled. */
async function bareDeletes(): Promise<{ rows: number; seconds: number }> {
  const until = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  let rows = 0;
  while (performance.now() < until) {
    const result = await pool.query(
      `DELETE FROM messages WHERE id IN (SELECT id FROM messages WHERE timestamp < now() - interval '${DAYS} days' ORDER BY id LIMIT ${BATCH})`,
    );
    rows += result.rowCount ?? 0;
  }
  return { rows, seconds: (performance.now() - t0) / 1000 };
}

try {
  const total = await count();
  const old = await count(`timestamp < now() - interval '${DAYS} days'`);
  console.log(`${total} messages, ${old} older than ${DAYS} days; each phase runs ${SECONDS} s, batches of ${BATCH}`);
  await waitForQuietMachineAndSay();

  const latency = await chatAndWebhooks('no cleanup');
  const during = await cleanupFor(false, () => chatAndWebhooks('cleanup running'));
  latency.push(...during.load);
  const plain = await cleanupFor(false);
  const archived = await cleanupFor(true);
  const bare = await bareDeletes();

  const rate = (r: { rows: number; seconds: number }) => (r.rows / r.seconds).toFixed(0);
  console.log(
    `\n${formatTable(
      ['deleting messages', 'rows', 'seconds', 'rows/s'],
      [
        ['cleanup, no archive', String(plain.rows), plain.seconds.toFixed(1), rate(plain)],
        ['cleanup, archive before delete', String(archived.rows), archived.seconds.toFixed(1), rate(archived)],
        ['cleanup, no archive, chat and webhooks meanwhile', String(during.rows), during.seconds.toFixed(1), rate(during)],
        ['bare DELETE loop (baseline)', String(bare.rows), bare.seconds.toFixed(1), rate(bare)],
      ],
    )}`,
  );
  console.log(`archive: ${(archived.archiveBytes / archived.rows).toFixed(0)} bytes per message (gzip JSON lines, media rows included)`);
  console.log(`\n${formatTable(['while', 'request', 'count', 'p50 ms', 'p99 ms'], latency)}`);
} finally {
  await pool.end();
  await stopAndReport(server.started, dataDir);
}
