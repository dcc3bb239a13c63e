// Template search with 5,000 templates and template analytics with 1M template messages seeded: p50/p95 of
// GET /api/templates/search, GET /api/analytics/templates and GET /api/analytics/templates/messages through real HTTP
// as the signed-in admin, one request at a time.
// Run: npm run bench:templates [-- --requests 100 --templates 5000 --messages 1000000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signInAsAdmin, timeGets } from './lib/admin-requests.ts';
import { embeddedDatabaseUrl } from './lib/database-url.ts';
import { formatTable, machineLine, startServer, tempDataDir } from './lib/processes.ts';
import { stopAndReport, waitForQuietMachineAndSay } from './lib/run-report.ts';
import { clamp, ms, type Summary, summarize } from './lib/stats.ts';
import { liveWhatsappEnv } from './lib/webhook-bodies.ts';

const { values: args } = parseArgs({
  options: { requests: { type: 'string' }, templates: { type: 'string' }, messages: { type: 'string' } },
});
const REQUESTS = clamp(args.requests ?? process.env.BENCH_REQUESTS, 100, 10, 2_000);
const TEMPLATES = clamp(args.templates, 5_000, 100, 100_000);
const MESSAGES = clamp(args.messages, 1_000_000, 10_000, 10_000_000);
const CONTACTS = Math.max(1_000, Math.floor(MESSAGES / 20));
const SENT_TEMPLATES = 50;
const WARMUP_REQUESTS = 10;

interface Scenario {
  name: string;
  path: string;
  /** What a correct answer looks like, so a fast error is never counted as a fast answer. */
  check: (body: Record<string, unknown>) => boolean;
  targetMs: number;
}

async function seed(client: pg.ClientBase): Promise<number> {
  const t0 = performance.now();
  await client.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '256MB'; SET synchronous_commit = off; SELECT setseed(0.42)`);
  await client.query('BEGIN');
  await client.query(`
    INSERT INTO message_templates (meta_id, name, language, category, status, parameter_format, components, created_at, updated_at, status_updated_at)
    SELECT (7000000000 + g)::text,
           (ARRAY['order', 'receipt', 'promo', 'reminder', 'welcome', 'survey'])[1 + g % 6] || '_' || g,
           (ARRAY['en_US', 'en_GB', 'fr', 'de', 'es', 'pt_BR', 'it', 'nl', 'ar', 'hi'])[1 + (g / 6) % 10],
           (ARRAY['MARKETING', 'UTILITY', 'AUTHENTICATION'])[1 + g % 3],
           CASE WHEN g % 20 < 14 THEN 'APPROVED' WHEN g % 20 < 16 THEN 'PENDING' WHEN g % 20 < 18 THEN 'REJECTED'
                WHEN g % 20 = 18 THEN 'PAUSED' ELSE 'DISABLED' END,
           'POSITIONAL',
           jsonb_build_array(jsonb_build_object('type', 'BODY', 'text', 'Hello {{1}}, this is template ' || g || '.',
                                                'example', jsonb_build_object('body_text', jsonb_build_array(jsonb_build_array('Ann'))))),
           now() - interval '200 days', now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${TEMPLATES}) g`);
  await client.query(`
    INSERT INTO contacts (id, phone, wa_id, name) SELECT g, '4477' || lpad(g::text, 8, '0'), '4477' || lpad(g::text, 8, '0'),
      (ARRAY['Ana Silva', 'Bruno Costa', 'Carla Byrne', 'Daniel Okafor', 'Elena Rossi'])[1 + g % 5]
    FROM generate_series(1, ${CONTACTS}) g`);
  await client.query(`INSERT INTO conversations (id, contact_id, phone_number_id) SELECT id, id, '100000000000001' FROM contacts`);
  // Template sends over 90 days, a few templates sent far more than the rest, statuses as Meta reports them.
  await client.query(`
    INSERT INTO messages (conversation_id, wamid, direction, type, template_name, content, status, timestamp, sent_at, delivered_at, read_at, failed_at)
    SELECT conv, 'wamid.tpl.' || j, 'outbound', 'template', name,
           jsonb_build_object('text', 'Hello Ann, this is ' || name || '.', 'template', jsonb_build_object('name', name, 'language', 'en_US')),
           CASE WHEN r < 0.03 THEN 'failed' WHEN r < 0.06 THEN 'pending' WHEN r < 0.15 THEN 'sent' WHEN r < 0.45 THEN 'delivered' ELSE 'read' END,
           ts,
           CASE WHEN r >= 0.06 THEN ts + interval '1 second' END,
           CASE WHEN r >= 0.15 THEN ts + interval '10 seconds' END,
           CASE WHEN r >= 0.45 THEN ts + interval '5 minutes' END,
           CASE WHEN r < 0.03 THEN ts + interval '5 seconds' END
    FROM (
      SELECT j, 1 + floor(random() * ${CONTACTS})::int AS conv,
             (ARRAY['order', 'receipt', 'promo', 'reminder', 'welcome', 'survey'])[1 + (k % 6)] || '_' || (k + 1) AS name,
             now() - random() * interval '90 days' AS ts, random() AS r
      FROM (SELECT j, floor(${SENT_TEMPLATES} * random() ^ 2)::int AS k FROM generate_series(1, ${MESSAGES}) j) pick
    ) m
    ORDER BY ts`);
  await client.query(
    `SELECT setval(pg_get_serial_sequence('contacts', 'id'), ${CONTACTS}), setval(pg_get_serial_sequence('conversations', 'id'), ${CONTACTS})`,
  );
  await client.query('COMMIT');
  // What autovacuum would have done by the time a real install reached this size: statistics and the visibility map.
  await client.query('VACUUM (ANALYZE) message_templates, contacts, conversations, messages');
  return (performance.now() - t0) / 1000;
}

async function measure(baseUrl: string, token: string, scenario: Scenario): Promise<{ latency: Summary; size: string }> {
  const { times, size } = await timeGets(scenario.name, `${baseUrl}${scenario.path}`, token, {
    warmup: WARMUP_REQUESTS,
    count: REQUESTS,
    timeoutMs: 60_000,
    check: (body) => (scenario.check(JSON.parse(body)) ? null : `unexpected answer ${body.slice(0, 300)}`),
  });
  return { latency: summarize(times), size };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const total = (b: Record<string, unknown>) => (b.total ?? (b.pagination as { total?: number } | undefined)?.total) as number;
const someTemplates = (b: Record<string, unknown>) => (b.templates as unknown[]).length > 0 && total(b) > 0;
const someMessages = (b: Record<string, unknown>) => (b.messages as unknown[]).length > 0;
const someSeries = (b: Record<string, unknown>) => (b.series as unknown[]).length > 0;

function scenarios(): Scenario[] {
  const last90 = `startDate=${day(-90)}&endDate=${day(0)}`;
  const last30 = `startDate=${day(-30)}&endDate=${day(0)}`;
  const search = (name: string, query: string) => ({ name, path: `/api/templates/search?${query}`, check: someTemplates, targetMs: 20 });
  const summary = (name: string, query: string) => ({ name, path: `/api/analytics/templates?${query}`, check: someSeries, targetMs: 500 });
  const page = (name: string, query: string) => ({
    name,
    path: `/api/analytics/templates/messages?${query}`,
    check: someMessages,
    targetMs: 200,
  });
  return [
    search('search, page 1', 'limit=20'),
    search('search, offset 4000', 'limit=20&offset=4000'),
    search('search, status APPROVED + category + language', 'status=APPROVED&category=UTILITY&language=fr'),
    search('search, name contains "promo_12"', 'name=promo_12'),
    summary('analytics, daily, 30 days', `${last30}&interval=daily`),
    summary('analytics, daily, 90 days', `${last90}&interval=daily`),
    summary('analytics, weekly, 90 days', `${last90}&interval=weekly`),
    summary('analytics, hourly, 7 days', `startDate=${day(-7)}&endDate=${day(0)}&interval=hourly`),
    summary('analytics, one template, daily, 90 days', `${last90}&templateName=order_1`),
    page('messages, page 1 (newest, 90 days)', `${last90}`),
    page('messages, page 1000', `${last90}&page=1000`),
    page('messages, one template', `${last90}&templateName=receipt_2`),
    page('messages, failed only', `${last90}&status=failed`),
    page('messages, recipient "+44 7700 0001"', `${last90}&recipient=${encodeURIComponent('+44 7700 0001')}`),
    page('messages, sorted by status', `${last90}&sortBy=status&sortOrder=asc`),
  ];
}

console.log('bench/template-queries: template search and template analytics at scale');
console.log(machineLine());
const dataDir = await tempDataDir('templates');
// No Graph API in reach and no periodic sync: only the database queries are measured.
const server = await startServer('server', dataDir, { ...liveWhatsappEnv(), TEMPLATE_SYNC_INTERVAL_MS: '0' });
try {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    console.log(`seeding ${TEMPLATES} templates, ${CONTACTS} contacts and ${MESSAGES} template messages...`);
    console.log(`seeded in ${(await seed(client)).toFixed(1)} s (SQL in PostgreSQL, then VACUUM ANALYZE)`);
  } finally {
    await client.end();
  }
  const token = await signInAsAdmin(server.baseUrl);
  await waitForQuietMachineAndSay();
  console.log(`Each scenario: ${WARMUP_REQUESTS} warm-up requests (discarded), then ${REQUESTS} one after another.\n`);
  const rows: string[][] = [];
  for (const scenario of scenarios()) {
    const { latency, size } = await measure(server.baseUrl, token, scenario);
    console.log(`  ${scenario.name}: p50 ${ms(latency.p50)} ms, p95 ${ms(latency.p95)} ms`);
    rows.push([
      scenario.name,
      size,
      ms(latency.p50),
      ms(latency.p95),
      ms(latency.max),
      `${latency.p95 <= scenario.targetMs ? 'yes' : 'NO'} (${scenario.targetMs})`,
    ]);
  }
  console.log(`\n${formatTable(['request', 'body', 'p50 ms', 'p95 ms', 'max ms', 'p95 within target ms'], rows)}`);
} finally {
  await stopAndReport(server.started, dataDir);
}
