import type { ActiveUsers, Engagement, ResponseAnalytics, Retention } from '@wac/contract/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { binOf } from './response-bins.ts';

/*
 * The metrics endpoints against rollup rows seeded with known values (the rollup job that writes them is tested on
 * its own): each answer is checked against figures worked out by hand from the seeded samples.
 */

let t: TestApp;
let token: string;
let alice: number;
let bob: number;
let campaignId: number;

type CountRow = { measure: string; dimension?: string; value?: string; bucket: string; key: string; count: number; total?: number };
const rows = new Map<string, Required<CountRow>>();

/** Adds counters to what seedCounts writes, summing those of the same row. */
function count(row: CountRow): void {
  const full = { dimension: '', value: '', total: 0, ...row };
  const id = [full.measure, full.dimension, full.value, full.bucket, full.key].join('|');
  const kept = rows.get(id);
  rows.set(id, kept ? { ...kept, count: kept.count + full.count, total: kept.total + full.total } : full);
}

/** Waits of `seconds` answered in `bucket`, as the rollups keep them: a histogram overall, per agent and per number. */
function waits(measure: string, bucket: string, seconds: number[], by: { agent?: number; number?: string } = {}): void {
  for (const s of seconds) {
    const row = { measure, bucket, key: String(binOf(s)), count: 1, total: s };
    count(row);
    if (by.agent) count({ ...row, dimension: 'agent', value: String(by.agent) });
    if (by.number) count({ ...row, dimension: 'number', value: by.number });
  }
}

async function seedCounts(): Promise<void> {
  const all = [...rows.values()];
  await t.ctx.database.pool.query(
    `INSERT INTO analytics_counts (measure, dimension, value, bucket, key, count, total)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::bigint[], $7::float8[])`,
    [
      all.map((r) => r.measure),
      all.map((r) => r.dimension),
      all.map((r) => r.value),
      all.map((r) => r.bucket),
      all.map((r) => r.key),
      all.map((r) => r.count),
      all.map((r) => r.total),
    ],
  );
}

async function get<T>(url: string, as = token): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function refused(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(400);
  return res.json().error as string;
}

beforeAll(async () => {
  t = await createTestApp({ domains: ['analytics'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  token = (await addUser(t, { username: 'metrics-viewer' })).token;
  alice = (await addUser(t, { username: 'alice' })).id;
  bob = (await addUser(t, { username: 'bob' })).id;
  campaignId = (
    await t.ctx.database.pool.query(
      `INSERT INTO campaigns (name, template_name, template_language) VALUES ('Spring sale', 'spring', 'en') RETURNING id`,
    )
  ).rows[0].id;

  // Monday 3 and Tuesday 4 March 2025 (UTC): alice's first responses on Monday, bob's on Tuesday.
  waits('first_response', '2025-03-03T09:00:00Z', [20, 20, 20, 20, 20, 600], { agent: alice, number: 'PN1' });
  waits('first_response', '2025-03-04T10:00:00Z', [90, 90, 90, 7200], { agent: bob });
  waits('reply_time', '2025-03-03T09:00:00Z', [20, 20, 20, 20, 20, 600, 40], { agent: alice, number: 'PN1' });
  waits('reply_time', '2025-03-04T10:00:00Z', [90, 90, 90, 7200], { agent: bob });
  waits('first_response_bh', '2025-03-03T09:00:00Z', [10, 10, 70], { agent: alice });
  for (const [bucket, agent, key, n] of [
    ['2025-03-03T09:00:00Z', alice, 'outbound:text:read:agent', 7],
    ['2025-03-03T09:00:00Z', alice, 'outbound:template:delivered:agent', 1],
    ['2025-03-04T10:00:00Z', bob, 'outbound:text:delivered:agent', 4],
  ] as const) {
    count({ measure: 'messages', bucket, key, count: n });
    count({ measure: 'messages', dimension: 'agent', value: String(agent), bucket, key, count: n });
  }
  // Not human replies: the bot's messages and the customers'.
  count({ measure: 'messages', bucket: '2025-03-03T09:00:00Z', key: 'outbound:text:read:bot', count: 10 });
  count({ measure: 'messages', bucket: '2025-03-03T09:00:00Z', key: 'inbound:text:received:customer', count: 12 });

  // Sunday 9 and Monday 10 March: replies around midnight in India (UTC+5:30), for the heatmap.
  waits('reply_time', '2025-03-09T18:15:00Z', [30]); // Sunday 23:45 in Kolkata, Monday 00:00 in Kathmandu (UTC+5:45)
  waits('reply_time', '2025-03-09T18:30:00Z', [300, 300]); // Monday 00:00 in Kolkata
  waits('reply_time', '2025-03-10T03:45:00Z', [60]); // Monday 09:15 in Kolkata

  // Template and campaign sends.
  const sends = (bucket: string, dimension: string, value: string, figures: Record<string, number>) => {
    for (const [key, n] of Object.entries(figures)) count({ measure: 'engagement', dimension, value, bucket, key, count: n });
  };
  sends('2025-03-03T09:00:00Z', '', '', {
    'template:sent': 10,
    'template:delivered': 8,
    'template:read': 5,
    'template:replied': 2,
    'campaign:sent': 6,
    'campaign:delivered': 5,
    'campaign:read': 3,
    'campaign:replied': 1,
  });
  sends('2025-03-03T09:00:00Z', 'template', 'welcome', {
    'template:sent': 7,
    'template:delivered': 6,
    'template:read': 4,
    'template:replied': 2,
  });
  sends('2025-03-03T09:00:00Z', 'template', 'receipt', { 'template:sent': 3, 'template:delivered': 2, 'template:read': 1 });
  sends('2025-03-03T09:00:00Z', 'campaign', String(campaignId), {
    'template:sent': 6,
    'template:delivered': 5,
    'template:read': 3,
    'template:replied': 1,
    'campaign:sent': 6,
    'campaign:delivered': 5,
    'campaign:read': 3,
    'campaign:replied': 1,
  });
  sends('2025-03-04T10:00:00Z', '', '', { 'template:sent': 4, 'template:delivered': 4, 'template:replied': 2 });
  sends('2025-03-04T10:00:00Z', 'template', 'welcome', { 'template:sent': 4, 'template:delivered': 4, 'template:replied': 2 });
  await seedCounts();

  await t.ctx.database.pool.query(`
    INSERT INTO analytics_active_counts (period, kind, period_start, count) VALUES
      ('day', 'customer', '2025-03-03 00:00', 5), ('day', 'agent', '2025-03-03 00:00', 2), ('day', 'conversation', '2025-03-03 00:00', 6),
      ('day', 'customer', '2025-03-04 00:00', 3), ('day', 'agent', '2025-03-04 00:00', 1), ('day', 'conversation', '2025-03-04 00:00', 3),
      ('week', 'customer', '2025-03-03 00:00', 7), ('week', 'agent', '2025-03-03 00:00', 2), ('week', 'conversation', '2025-03-03 00:00', 8);
    INSERT INTO analytics_first_seen (contact_id, first_at) VALUES
      (1, '2025-03-03T08:00Z'), (2, '2025-03-05T12:00Z'), (3, '2025-03-09T23:59Z'), (4, '2025-03-10T00:00Z'), (5, '2025-03-14T10:00Z'),
      (6, '2025-02-20T10:00Z');
    -- Week 0 of a cohort is every customer of it, as the rollups write it.
    INSERT INTO analytics_retention (cohort_week, active_week, count) VALUES
      ('2025-03-03', '2025-03-03', 3), ('2025-03-10', '2025-03-10', 2), ('2025-02-17', '2025-02-17', 1),
      ('2025-03-03', '2025-03-10', 2), ('2025-03-03', '2025-03-17', 1), ('2025-03-10', '2025-03-17', 1), ('2025-02-17', '2025-03-03', 1);
  `);
});
afterAll(async () => {
  await t?.close();
});

const distribution = (counts: number[]) =>
  ['under_1m', '1_5m', '5_15m', '15_60m', '1_4h', 'over_4h'].map((bin, k) => ({ bin, count: counts[k] }));

describe('GET /api/analytics/messages/response', () => {
  it('reads median and p90 from the histograms, exact to their bin, overall, per day and per agent', async () => {
    const answer = await get<ResponseAnalytics>('/api/analytics/messages/response?startDate=2025-03-03&endDate=2025-03-04');
    expect(answer.range).toEqual({
      startDate: '2025-03-03T00:00:00.000Z',
      endDate: '2025-03-05T00:00:00.000Z',
      timezone: 'UTC',
      interval: 'day',
    });
    expect(answer.businessHours).toBe(false);
    // Ten waits: 20 s ×5, 90 s ×3, 600 s, 7200 s. The 5th lies in [20, 25) with all five of it: 25; the 9th is the one
    // in [600, 660): 660. The true median (20) and p90 (600) are in those bins.
    expect(answer.firstResponse).toEqual({
      count: 10,
      medianSeconds: 25,
      p90Seconds: 660,
      averageSeconds: 817,
      distribution: distribution([5, 3, 1, 0, 1, 0]),
    });
    expect(answer.replyTime).toMatchObject({ count: 11, averageSeconds: 746 });
    expect(answer.series).toEqual([
      // A period's medians are read in the coarser bins. Monday: alice's six, the 3rd of five in [0, 30) = 18; with the
      // 40 s reply (also in [30, 60)) the 3.5th of those five = 21.
      { bucket: '2025-03-03T00:00:00.000Z', firstResponseMedianSeconds: 18, replyTimeMedianSeconds: 21, replies: 8 },
      // Tuesday: bob's four, the 2nd of three in [60, 300) = 220.
      { bucket: '2025-03-04T00:00:00.000Z', firstResponseMedianSeconds: 220, replyTimeMedianSeconds: 220, replies: 4 },
    ]);
    expect(answer.byAgent.map((a) => [a.agent, a.replies, a.firstResponse.medianSeconds, a.firstResponse.p90Seconds])).toEqual([
      [{ id: alice, username: 'alice' }, 8, 23, 624],
      [{ id: bob, username: 'bob' }, 4, 110, 7740],
    ]);
    expect(answer.byAgent[1]?.firstResponse.distribution).toEqual(distribution([0, 3, 0, 0, 1, 0]));
  });

  it('narrows to an agent or a number, and reads business-hours waits on request', async () => {
    const range = 'startDate=2025-03-03&endDate=2025-03-04';
    const ofBob = await get<ResponseAnalytics>(`/api/analytics/messages/response?${range}&agentId=${bob}`);
    expect(ofBob.firstResponse).toMatchObject({ count: 4, medianSeconds: 110 });
    expect(ofBob.series.map((s) => s.replies)).toEqual([0, 4]);
    expect(ofBob.byAgent.map((a) => a.agent.username)).toEqual(['bob']);

    const ofNumber = await get<ResponseAnalytics>(`/api/analytics/messages/response?${range}&phoneNumberId=PN1`);
    expect(ofNumber.firstResponse).toMatchObject({ count: 6, medianSeconds: 23 });
    expect(ofNumber.byAgent).toEqual([]);

    const business = await get<ResponseAnalytics>(`/api/analytics/messages/response?${range}&businessHours=true`);
    expect(business.businessHours).toBe(true);
    // 10 s, 10 s, 70 s: the 1.5th of two in [10, 15) = 13.75.
    expect(business.firstResponse).toMatchObject({ count: 3, medianSeconds: 14, averageSeconds: 30 });
    expect(business.replyTime.count).toBe(0);
  });

  it('places each reply in its local day and hour of the week, exact at UTC+5:30 and +5:45, medians in the coarser bins', async () => {
    const range = 'startDate=2025-03-09&endDate=2025-03-10';
    const cell = (answer: ResponseAnalytics, dayOfWeek: number, hour: number) =>
      answer.byHourOfWeek.find((c) => c.dayOfWeek === dayOfWeek && c.hour === hour);
    const utc = await get<ResponseAnalytics>(`/api/analytics/messages/response?${range}`);
    expect(utc.byHourOfWeek).toHaveLength(168);
    // 30, 300 and 300 s: the 1.5th is a quarter into the cell bin [5, 15) minutes holding the two 300s.
    expect(cell(utc, 0, 18)).toEqual({ dayOfWeek: 0, hour: 18, count: 3, medianSeconds: 450 });

    await setAppTimezone(t, 'Asia/Kolkata');
    try {
      const india = await get<ResponseAnalytics>(`/api/analytics/messages/response?${range}`);
      expect(india.byHourOfWeek.filter((c) => c.count > 0)).toEqual([
        { dayOfWeek: 0, hour: 23, count: 1, medianSeconds: 45 }, // 30 s, in [30, 60)
        { dayOfWeek: 1, hour: 0, count: 2, medianSeconds: 600 }, // 300 s twice, in [300, 900)
        { dayOfWeek: 1, hour: 9, count: 1, medianSeconds: 180 }, // 60 s, in [60, 300)
      ]);
      // Local days start at 18:30 UTC: Sunday holds the 30 s reply alone (half into [30, 60)); Monday 60 s and 300 s
      // twice, the 1.5th a quarter into [300, 900).
      expect(india.series.map((s) => [s.bucket, s.replyTimeMedianSeconds])).toEqual([
        ['2025-03-08T18:30:00.000Z', 45],
        ['2025-03-09T18:30:00.000Z', 450],
      ]);
      await setAppTimezone(t, 'Asia/Kathmandu');
      const nepal = await get<ResponseAnalytics>(`/api/analytics/messages/response?${range}`);
      expect(cell(nepal, 1, 0)).toMatchObject({ count: 3 });
    } finally {
      await setAppTimezone(t, 'UTC');
    }
  });
});

describe('GET /api/analytics/users/active', () => {
  it('answers the kept distinct counts of each local period, periods without any as zeros', async () => {
    const daily = await get<ActiveUsers>('/api/analytics/users/active?startDate=2025-03-03&endDate=2025-03-05');
    expect(daily.series).toEqual([
      { bucket: '2025-03-03T00:00:00.000Z', customers: 5, agents: 2, conversations: 6 },
      { bucket: '2025-03-04T00:00:00.000Z', customers: 3, agents: 1, conversations: 3 },
      { bucket: '2025-03-05T00:00:00.000Z', customers: 0, agents: 0, conversations: 0 },
    ]);
    const weekly = await get<ActiveUsers>('/api/analytics/users/active?startDate=2025-03-04&endDate=2025-03-05&interval=week');
    // A week is distinct people over the week, never the sum of its days.
    expect(weekly.series).toEqual([{ bucket: '2025-03-03T00:00:00.000Z', customers: 7, agents: 2, conversations: 8 }]);

    await setAppTimezone(t, 'Asia/Kolkata');
    try {
      const india = await get<ActiveUsers>('/api/analytics/users/active?startDate=2025-03-03&endDate=2025-03-03');
      expect(india.series).toEqual([{ bucket: '2025-03-02T18:30:00.000Z', customers: 5, agents: 2, conversations: 6 }]);
    } finally {
      await setAppTimezone(t, 'UTC');
    }
  });
});

describe('GET /api/analytics/users/retention', () => {
  it('answers a cohort per local week of the range, with the share of it writing each later week', async () => {
    const answer = await get<Retention>('/api/analytics/users/retention?startDate=2025-03-03&endDate=2025-03-23');
    expect(answer.cohorts).toEqual([
      {
        cohortWeek: '2025-03-03',
        customers: 3,
        weeks: [
          { week: 0, active: 3, rate: 100 },
          { week: 1, active: 2, rate: 66.7 },
          { week: 2, active: 1, rate: 33.3 },
        ],
      },
      {
        cohortWeek: '2025-03-10',
        customers: 2,
        weeks: [
          { week: 0, active: 2, rate: 100 },
          { week: 1, active: 1, rate: 50 },
        ],
      },
      { cohortWeek: '2025-03-17', customers: 0, weeks: [{ week: 0, active: 0, rate: 0 }] },
    ]);
    // Ending on Wednesday 12 March: two cohorts, weeks up to the 10th's.
    const short = await get<Retention>('/api/analytics/users/retention?startDate=2025-03-05&endDate=2025-03-12');
    expect(short.cohorts.map((c) => [c.cohortWeek, c.customers, c.weeks.map((w) => w.active)])).toEqual([
      ['2025-03-03', 3, [3, 2]],
      ['2025-03-10', 1, [1]],
    ]);
  });
});

describe('GET /api/analytics/engagement', () => {
  it('counts template and campaign sends and replies, with reply rates of delivered, per template and per campaign', async () => {
    const answer = await get<Engagement>('/api/analytics/engagement?startDate=2025-03-03&endDate=2025-03-04');
    expect(answer.templates).toEqual({ sent: 14, delivered: 12, read: 5, replied: 4, replyRate: 33.3 });
    expect(answer.campaigns).toEqual({ sent: 6, delivered: 5, read: 3, replied: 1, replyRate: 20 });
    expect(answer.series).toEqual([
      { bucket: '2025-03-03T00:00:00.000Z', sent: 10, replied: 2 },
      { bucket: '2025-03-04T00:00:00.000Z', sent: 4, replied: 2 },
    ]);
    expect(answer.byTemplate).toEqual([
      { templateName: 'welcome', sent: 11, delivered: 10, read: 4, replied: 4, replyRate: 40 },
      { templateName: 'receipt', sent: 3, delivered: 2, read: 1, replied: 0, replyRate: 0 },
    ]);
    expect(answer.byCampaign).toEqual([
      { campaign: { id: campaignId, name: 'Spring sale' }, sent: 6, delivered: 5, read: 3, replied: 1, replyRate: 20 },
    ]);

    const ofCampaign = await get<Engagement>(`/api/analytics/engagement?startDate=2025-03-03&endDate=2025-03-04&campaignId=${campaignId}`);
    expect(ofCampaign.templates).toEqual({ sent: 6, delivered: 5, read: 3, replied: 1, replyRate: 20 });
    expect(ofCampaign.byTemplate).toEqual([]);
    expect(ofCampaign.byCampaign).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers a 400 with a message, never a 500', async () => {
    const url = '/api/analytics/messages/response';
    expect(await refused(`${url}?startDate=2025-03-09&endDate=2025-03-01`)).toBe('startDate must be before endDate (query startDate)');
    expect(await refused(`${url}?startDate=2023-01-01&endDate=2025-03-01`)).toMatch(/may not exceed 731 days/);
    expect(await refused(`${url}?startDate=2025-01-01&endDate=2025-06-01&interval=hour`)).toMatch(/more than 2000 hours/);
    expect(await refused(`${url}?interval=year`)).toMatch(/interval must be one of hour, day, week, month/);
    expect(await refused(`${url}?startDate=yesterday`)).toMatch(/startDate/);
    expect(await refused(`${url}?startDate=2025-02-30`)).toMatch(/startDate/);
    expect(await refused(`${url}?agentId=abc`)).toMatch(/agentId must be a number/);
    expect(await refused(`${url}?agentId=999999`)).toBe('There is no agent with id 999999 (query agentId)');
    expect(await refused(`${url}?agentId=${alice}&phoneNumberId=PN1`)).toBe(
      'Filter by one of agentId, phoneNumberId at a time, not 2 together (query phoneNumberId)',
    );
    expect(await refused('/api/analytics/engagement?campaignId=999999')).toBe('There is no campaign with id 999999 (query campaignId)');
    expect(await refused(`${url}?campaignId=${campaignId}`)).toBe(
      'campaignId does not filter /api/analytics/messages/response: it takes agentId, phoneNumberId (query campaignId)',
    );
    expect(await refused(`/api/analytics/users/active?agentId=${alice}`)).toBe(
      'agentId does not filter /api/analytics/users/active: it takes no filter (query agentId)',
    );
    expect(await refused('/api/analytics/users/retention?businessHours=maybe')).toMatch(/businessHours/);
  });

  it('refuses anyone not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/users/active' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the advancedReports feature of the licence', () => {
  it('closes the metrics endpoints on a plan without it, leaving sentiment open', async () => {
    expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
    try {
      for (const path of ['messages/response', 'users/active', 'users/retention', 'engagement']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/analytics/${path}`, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'advancedReports' });
      }
      await get('/api/analytics/sentiment');
    } finally {
      await t.request({ method: 'DELETE', url: '/api/license/revoke', token: await t.adminToken() });
    }
  });
});
