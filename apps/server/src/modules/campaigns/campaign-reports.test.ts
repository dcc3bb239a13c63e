import { type RecipientStateCounts, recipientStates } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { CSV_PAGE_SIZE } from './campaign-csv.ts';
import { ratesOf } from './campaign-reports.service.ts';
import { createCampaign, promoComponents, promoTemplate } from './test/campaign-test-kit.ts';

let admin: string;
let agent: SeededUser;
const { t } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    agent = await addUser(app, { username: 'reports-agent' });
    return admin;
  },
  { env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } },
);

let template: Template;
beforeAll(async () => {
  template = await promoTemplate(t, admin, 'report_promo');
});

/** Every instant in the seeds is seconds after this. */
const T0 = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

interface Seed {
  phone: string;
  state: string;
  name?: string;
  variables?: Record<string, string>;
  attempts?: number;
  wamid?: string;
  code?: number;
  title?: string;
  details?: string;
  sending?: number;
  sent?: number;
  delivered?: number;
  read?: number;
  failed?: number;
}

/** Recipients in any state, written as the dispatch would leave them; ids follow the order given. */
async function seed(campaignId: string, rows: Seed[]): Promise<void> {
  const time = (column: string) => `$2::timestamptz + make_interval(secs => r.${column})`;
  await t.ctx.database.pool.query(
    `INSERT INTO campaign_recipients (campaign_id, phone, wa_id, name, variables, state, attempts, wamid, error_code, error_title,
       error_details, sending_at, sent_at, delivered_at, read_at, failed_at)
     SELECT $1, r.phone, ltrim(r.phone, '+'), r.name, coalesce(r.variables, '{}'), r.state, coalesce(r.attempts, 0), r.wamid, r.code,
       r.title, r.details, ${time('sending')}, ${time('sent')}, ${time('delivered')}, ${time('read')}, ${time('failed')}
     FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(item, n),
       jsonb_to_record(e.item) AS r(phone text, name text, variables jsonb, state text, attempts int, wamid text, code int,
         title text, details text, sending float8, sent float8, delivered float8, read float8, failed float8)
     ORDER BY e.n`,
    [Number(campaignId), T0, JSON.stringify(rows)],
  );
}

async function setCampaign(id: string, status: string, startedAt: string | null, completedAt: string | null) {
  await t.ctx.database.pool.query('UPDATE campaigns SET status = $2, started_at = $3, completed_at = $4 WHERE id = $1', [
    Number(id),
    status,
    startedAt,
    completedAt,
  ]);
}

const newCampaign = (name: string) => createCampaign(t, admin, { name, templateId: template.id, components: promoComponents });
const get = (url: string, token = admin) => t.request({ method: 'GET', url: `/api/campaign/campaigns${url}`, token });

const phone = (n: number) => `+4477009${String(n).padStart(5, '0')}`;
const undeliverable = {
  code: 131026,
  title: 'Message undeliverable',
  details: 'The number is not on WhatsApp, or cannot receive this message.',
};
const ecosystem = {
  code: 131049,
  title: 'Not delivered to keep engagement healthy',
  details: 'Meta limits marketing messages to this user.',
};

/**
 * A finished campaign of 19 recipients in every state: 3 sent, 2 delivered, 4 read, 5 failed (4 refused at send, 1
 * accepted and then undeliverable), 1 unknown, 1 sending, 2 pending, 1 skipped.
 */
const mixed: Seed[] = [
  { phone: phone(1), state: 'pending' },
  { phone: phone(2), state: 'pending' },
  { phone: phone(3), state: 'skipped' },
  { phone: phone(4), state: 'sending', attempts: 1, sending: 11 },
  { phone: phone(5), state: 'sent', attempts: 1, wamid: 'wamid.5', sent: 0 },
  { phone: phone(6), state: 'sent', attempts: 1, wamid: 'wamid.6', sent: 0.2 },
  { phone: phone(7), state: 'sent', attempts: 1, wamid: 'wamid.7', sent: 0.7 },
  { phone: phone(8), state: 'delivered', attempts: 1, wamid: 'wamid.8', sent: 3, delivered: 13 },
  { phone: phone(9), state: 'delivered', attempts: 1, wamid: 'wamid.9', sent: 4, delivered: 24 },
  { phone: phone(10), state: 'read', attempts: 1, wamid: 'wamid.10', sent: 5, delivered: 10, read: 65 },
  { phone: phone(11), state: 'read', attempts: 1, wamid: 'wamid.11', sent: 6, delivered: 16, read: 126 },
  { phone: phone(12), state: 'read', attempts: 1, wamid: 'wamid.12', sent: 7, delivered: 17, read: 187 },
  { phone: phone(13), state: 'read', attempts: 1, wamid: 'wamid.13', sent: 10, delivered: 20, read: 310 },
  { phone: phone(14), state: 'failed', attempts: 1, failed: 8, ...undeliverable },
  { phone: phone(15), state: 'failed', attempts: 2, failed: 8.5, ...undeliverable },
  { phone: phone(16), state: 'failed', attempts: 1, failed: 9, ...undeliverable },
  { phone: phone(17), state: 'failed', attempts: 1, failed: 9.5, ...undeliverable },
  { phone: phone(18), state: 'failed', attempts: 1, wamid: 'wamid.18', sent: 9, failed: 30, ...ecosystem },
  { phone: phone(19), state: 'unknown', attempts: 1, sending: 10 },
];
// The funnel adds up: sent includes delivered includes read.
const mixedCounts = { total: 19, pending: 2, sending: 1, sent: 9, delivered: 6, read: 4, failed: 5, skipped: 1, unknown: 1, held: 0 };

let mixedId: string;
beforeAll(async () => {
  mixedId = (await newCampaign('Spring sale'))._id;
  await seed(mixedId, mixed);
  await setCampaign(mixedId, 'completed', at(-5), at(400));
});

describe('campaign report', () => {
  it('counts every state and computes the rates over the right recipients', async () => {
    const res = await get(`/${mixedId}/report`);
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report).toEqual({
      _id: mixedId,
      name: 'Spring sale',
      status: 'completed',
      startedAt: at(-5),
      completedAt: at(400),
      durationSeconds: 405,
      counts: mixedCounts,
      rates: {
        sent: 9,
        reachedMeta: 10,
        deliveryRate: 60,
        readRate: 66.7,
        failureRate: 31.3,
        averageSendRatePerSecond: 1,
      },
      replied: 0,
      firstSentAt: at(0),
      lastSentAt: at(10),
      generatedAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(report.generatedAt) - Date.now())).toBeLessThan(10_000);
  });

  it('says nothing it cannot measure for a campaign that has sent nothing', async () => {
    const empty = await newCampaign('Nothing yet');
    const { report } = (await get(`/${empty._id}/report`)).json();
    expect(report).toMatchObject({
      status: 'draft',
      startedAt: null,
      durationSeconds: null,
      counts: { total: 0 },
      rates: { sent: 0, reachedMeta: 0, deliveryRate: null, readRate: null, failureRate: null, averageSendRatePerSecond: null },
      firstSentAt: null,
      lastSentAt: null,
    });
    expect((await get(`/${empty._id}/delivery-summary`)).json().deliverySummary.timing).toEqual({
      sentToDelivered: { samples: 0, medianSeconds: null, p90Seconds: null },
      sentToRead: { samples: 0, medianSeconds: null, p90Seconds: null },
    });
    expect((await get(`/${empty._id}/batch-analysis`)).json().batchAnalysis).toMatchObject({
      bucketSeconds: 1,
      buckets: [],
      peakSentPerSecond: 0,
    });
    expect((await get(`/${empty._id}/failure-analysis`)).json().failureAnalysis).toMatchObject({
      failed: 0,
      unknown: 0,
      total: 0,
      groups: [],
    });
  });

  it('counts a running campaign’s duration up to now', async () => {
    const running = await newCampaign('Still going');
    const started = new Date(Date.now() - 90_000).toISOString();
    await setCampaign(running._id, 'running', started, null);
    const { report } = (await get(`/${running._id}/report`)).json();
    expect(report.durationSeconds).toBeGreaterThanOrEqual(90);
    expect(report.durationSeconds).toBeLessThan(120);
    // Within a second the dispatcher calls a running campaign without recipients completed: the reports list below counts one.
    await setCampaign(running._id, 'paused', started, null);
  });

  it('regenerates the report and records who did it', async () => {
    const res = await t.request({ method: 'POST', url: `/api/campaign/campaigns/${mixedId}/regenerate-report`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().report).toMatchObject({ _id: mixedId, counts: mixedCounts, rates: { deliveryRate: 60 } });
    const activities = await t.request({ method: 'GET', url: '/api/activities?type=campaign_report_regenerated&limit=10', token: admin });
    expect(activities.json().activities).toMatchObject([
      { type: 'campaign_report_regenerated', sourceType: 'user', data: { username: 'admin', name: 'Spring sale' } },
    ]);
  });
});

describe('delivery summary', () => {
  it('gives each state its share and the median and p90 delays from sent to delivered and to read', async () => {
    const { deliverySummary } = (await get(`/${mixedId}/delivery-summary`)).json();
    expect(deliverySummary).toEqual({
      _id: mixedId,
      total: 19,
      states: [
        { state: 'pending', count: 2, percentage: 10.5 },
        { state: 'sending', count: 1, percentage: 5.3 },
        { state: 'sent', count: 3, percentage: 15.8 },
        { state: 'delivered', count: 2, percentage: 10.5 },
        { state: 'read', count: 4, percentage: 21.1 },
        { state: 'failed', count: 5, percentage: 26.3 },
        { state: 'skipped', count: 1, percentage: 5.3 },
        { state: 'unknown', count: 1, percentage: 5.3 },
        { state: 'held', count: 0, percentage: 0 },
      ],
      // Delivery delays 10, 20 (delivered) and 5, 10, 10, 10 (read); reading delays 60, 120, 180, 300.
      timing: {
        sentToDelivered: { samples: 6, medianSeconds: 10, p90Seconds: 15 },
        sentToRead: { samples: 4, medianSeconds: 150, p90Seconds: 264 },
      },
      generatedAt: expect.any(String),
    });
  });
});

describe('batch analysis', () => {
  it('buckets every event by its own time, with no gaps, and finds the busiest second', async () => {
    const { batchAnalysis } = (await get(`/${mixedId}/batch-analysis`)).json();
    // From the first acceptance (T0) to the last read (T0 + 310 s): 5-second buckets, 63 of them.
    expect(batchAnalysis.bucketSeconds).toBe(5);
    expect(batchAnalysis.buckets).toHaveLength(63);
    expect(batchAnalysis.peakSentPerSecond).toBe(3);
    const busy = batchAnalysis.buckets
      .map((bucket: Record<string, unknown>, i: number) => ({ i, ...bucket }))
      .filter((b: { sent: number; delivered: number; read: number; failed: number }) => b.sent + b.delivered + b.read + b.failed > 0);
    expect(busy).toEqual([
      { i: 0, start: at(0), sent: 5, delivered: 0, read: 0, failed: 0 },
      { i: 1, start: at(5), sent: 4, delivered: 0, read: 0, failed: 4 },
      { i: 2, start: at(10), sent: 1, delivered: 2, read: 0, failed: 0 },
      { i: 3, start: at(15), sent: 0, delivered: 2, read: 0, failed: 0 },
      { i: 4, start: at(20), sent: 0, delivered: 2, read: 0, failed: 0 },
      { i: 6, start: at(30), sent: 0, delivered: 0, read: 0, failed: 1 },
      { i: 13, start: at(65), sent: 0, delivered: 0, read: 1, failed: 0 },
      { i: 25, start: at(125), sent: 0, delivered: 0, read: 1, failed: 0 },
      { i: 37, start: at(185), sent: 0, delivered: 0, read: 1, failed: 0 },
      { i: 62, start: at(310), sent: 0, delivered: 0, read: 1, failed: 0 },
    ]);
    expect(batchAnalysis.buckets[61]).toEqual({ start: at(305), sent: 0, delivered: 0, read: 0, failed: 0 });
  });

  it('widens the buckets for a longer campaign, aligned to whole minutes', async () => {
    const long = await newCampaign('Two hours');
    await seed(long._id, [
      { phone: phone(1), state: 'read', wamid: 'wamid.l1', sent: 10, delivered: 70, read: 3_700 },
      { phone: phone(2), state: 'delivered', wamid: 'wamid.l2', sent: 7_210, delivered: 7_230 },
    ]);
    const { batchAnalysis } = (await get(`/${long._id}/batch-analysis`)).json();
    // 7,220 seconds over at most 120 buckets: 5 minutes each, from 10:00 to 12:00.
    expect(batchAnalysis.bucketSeconds).toBe(300);
    expect(batchAnalysis.buckets).toHaveLength(25);
    expect(batchAnalysis.buckets[0]).toEqual({ start: at(0), sent: 1, delivered: 1, read: 0, failed: 0 });
    expect(batchAnalysis.buckets[12]).toEqual({ start: at(3_600), sent: 0, delivered: 0, read: 1, failed: 0 });
    expect(batchAnalysis.buckets[24]).toEqual({ start: at(7_200), sent: 1, delivered: 1, read: 0, failed: 0 });
    expect(batchAnalysis.peakSentPerSecond).toBe(1);
  });
});

describe('failure analysis', () => {
  it('groups failures by error code, largest first, with its explanation and up to three example phones', async () => {
    const { failureAnalysis } = (await get(`/${mixedId}/failure-analysis`)).json();
    expect(failureAnalysis).toEqual({
      _id: mixedId,
      failed: 5,
      unknown: 1,
      total: 6,
      groups: [
        {
          state: 'failed',
          code: 131026,
          title: undeliverable.title,
          explanation: undeliverable.details,
          count: 4,
          share: 66.7,
          examples: [phone(14), phone(15), phone(16)],
        },
        {
          state: 'failed',
          code: 131049,
          title: ecosystem.title,
          explanation: ecosystem.details,
          count: 1,
          share: 16.7,
          examples: [phone(18)],
        },
        {
          state: 'unknown',
          code: null,
          title: 'Outcome unknown',
          explanation: expect.stringMatching(/^The request to Meta may have gone out, but no answer was recorded/),
          count: 1,
          share: 16.7,
          examples: [phone(19)],
        },
      ],
      generatedAt: expect.any(String),
    });
  });
});

describe('reports list', () => {
  it('answers one line per campaign at /campaigns/reports, not the campaign with id "reports"', async () => {
    const res = await get('/reports?status=completed&limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 5, total: 1, totalPages: 1 });
    expect(body.reports).toEqual([
      {
        _id: mixedId,
        name: 'Spring sale',
        status: 'completed',
        counts: mixedCounts,
        deliveryRate: 60,
        readRate: 66.7,
        failureRate: 31.3,
        startedAt: at(-5),
        completedAt: at(400),
      },
    ]);
    const all = (await get('/reports?limit=100')).json();
    expect(all.reports.map((r: { name: string }) => r.name)).toContain('Nothing yet');
    expect(all.reports.find((r: { name: string }) => r.name === 'Nothing yet')).toMatchObject({ deliveryRate: null, counts: { total: 0 } });
    expect((await get('/reports?status=bogus')).statusCode).toBe(400);
  });
});

describe('recipients CSV', () => {
  it('exports every recipient with its variables, quoted and safe to open in a spreadsheet', async () => {
    const campaign = await newCampaign('Promo: "Spring" / UK');
    await seed(campaign._id, [
      {
        phone: phone(1),
        state: 'read',
        name: 'Ann',
        variables: { code: 'A1', name: 'x' },
        attempts: 1,
        wamid: 'wamid.a',
        sent: 0,
        delivered: 2,
        read: 5,
      },
      {
        phone: phone(2),
        state: 'failed',
        name: '=HYPERLINK("http://evil")',
        variables: { code: '-5', tier: 'gold' },
        attempts: 2,
        failed: 1,
        ...undeliverable,
      },
      { phone: phone(3), state: 'pending', name: 'Line\nbreak, comma' },
    ]);
    const res = await get(`/${campaign._id}/report/recipients.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Promo Spring UK-recipients.csv"; filename*=UTF-8''Promo%20Spring%20UK-recipients.csv`,
    );
    const header =
      '"Phone","Name","State","Attempts","WAMID","Error code","Error title","Explanation","Sent at","Delivered at","Read at","Failed at","code","Variable name","tier"';
    expect(res.body).toBe(
      [
        `\uFEFF${header}`,
        `"'${phone(1)}","Ann","read",1,"wamid.a",,,,"${at(0)}","${at(2)}","${at(5)}",,"A1","x",`,
        `"'${phone(2)}","'=HYPERLINK(""http://evil"")","failed",2,,131026,"${undeliverable.title}","${undeliverable.details}",,,,"${at(1)}","'-5",,"gold"`,
        `"'${phone(3)}","Line\nbreak, comma","pending",0,,,,,,,,,,,`,
        '',
      ].join('\r\n'),
    );
  });

  it('streams a campaign of several pages in id order, every row once', async () => {
    const campaign = await newCampaign('Big one');
    const rows = CSV_PAGE_SIZE * 2 + 345;
    await t.ctx.database.pool.query(
      `INSERT INTO campaign_recipients (campaign_id, phone, wa_id, state)
       SELECT $1, '+4477' || lpad(n::text, 8, '0'), '4477' || lpad(n::text, 8, '0'), 'pending' FROM generate_series(1, $2) n`,
      [Number(campaign._id), rows],
    );
    const res = await get(`/${campaign._id}/report/recipients.csv`);
    const lines = res.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(rows);
    expect(lines.map((line) => line.slice(7, 15))).toEqual(Array.from({ length: rows }, (_, i) => String(i + 1).padStart(8, '0')));
  });
});

describe('refusals', () => {
  const routes = ['/report', '/delivery-summary', '/batch-analysis', '/failure-analysis', '/report/recipients.csv'];

  it('answers 404 for a campaign that does not exist and 400 for an id that is not a number, on every route', async () => {
    for (const route of routes) {
      const missing = await get(`/999999${route}`);
      expect([route, missing.statusCode, missing.json().error]).toEqual([route, 404, 'Campaign not found']);
      const bad = await get(`/abc${route}`);
      expect([route, bad.statusCode, bad.json().error]).toEqual([route, 400, expect.stringMatching(/Campaign id must be a number/)]);
    }
    const regenerate = await t.request({ method: 'POST', url: '/api/campaign/campaigns/999999/regenerate-report', token: admin });
    expect(regenerate.statusCode).toBe(404);
    const before = (await t.request({ method: 'GET', url: '/api/activities?type=campaign_report_regenerated', token: admin })).json();
    expect(before.activities).toHaveLength(1);
  });

  it('is for admins only', async () => {
    for (const route of routes) expect((await get(`/${mixedId}${route}`, agent.token)).statusCode).toBe(403);
    expect((await get('/reports', agent.token)).statusCode).toBe(403);
    const regenerate = await t.request({ method: 'POST', url: `/api/campaign/campaigns/${mixedId}/regenerate-report`, token: agent.token });
    expect(regenerate.statusCode).toBe(403);
  });
});

describe('API documentation', () => {
  it('describes every report route from its schemas', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(paths['/api/campaign/campaigns/reports'].get.responses['200']).toBeDefined();
    const report = paths['/api/campaign/campaigns/{id}/report'].get;
    expect(Object.keys(report.responses['200'].content['application/json'].schema.properties.report.properties)).toContain('rates');
    for (const path of ['delivery-summary', 'batch-analysis', 'failure-analysis', 'report/recipients.csv']) {
      expect(paths[`/api/campaign/campaigns/{id}/${path}`].get.responses['404']).toBeDefined();
    }
    expect(paths['/api/campaign/campaigns/{id}/regenerate-report'].post).toBeDefined();
  });
});

describe('the average send rate', () => {
  const tally = {
    byState: { ...(Object.fromEntries(recipientStates.map((state) => [state, 0])) as RecipientStateCounts), read: 10 },
    failedAfterAccepted: 0,
  };

  it('is counted over one second at least, as the pace it is read against is a cap per second', () => {
    // Ten sends Meta accepted within 79 ms of a campaign paced at 80 a second: ten that second, not 126.58.
    expect(ratesOf(tally, { accepted: 10, first: 1_000, last: 1_000.079 }).averageSendRatePerSecond).toBe(10);
    expect(ratesOf(tally, { accepted: 10, first: 1_000, last: 1_004 }).averageSendRatePerSecond).toBe(2.5);
    expect(ratesOf(tally, { accepted: 1, first: 1_000, last: 1_000 }).averageSendRatePerSecond).toBeNull();
  });
});
