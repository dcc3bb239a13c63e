import type { ConversationsAnalytics, DailyActivity, MessageVolume, ReportSummary } from '@wac/contract/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { binOf } from './response-bins.ts';
import { type CountRow, messageKey, seedActiveCounts, seedCounts, seedPresence } from './test/seed-rollups.ts';

let t: TestApp;
let token: string;
let agentId: number;
let flowId: number;
let campaignId: number;
const NUMBER = '1098765';

const inbound = (bucket: string, count: number, extra: Partial<CountRow> = {}): CountRow => ({
  measure: 'messages',
  bucket,
  key: messageKey('inbound', 'text', 'received', 'customer'),
  count,
  ...extra,
});
const outbound = (
  bucket: string,
  count: number,
  type: string,
  status: string,
  sender: string,
  extra: Partial<CountRow> = {},
): CountRow => ({
  measure: 'messages',
  bucket,
  key: messageKey('outbound', type, status, sender),
  count,
  ...extra,
});
const event = (bucket: string, key: string, count: number, extra: Partial<CountRow> = {}): CountRow => ({
  measure: 'conversations',
  bucket,
  key,
  count,
  ...extra,
});
/** Waits of `seconds` each, as histogram rows of `measure`. */
const waits = (measure: string, bucket: string, seconds: number, count: number, extra: Partial<CountRow> = {}): CountRow => ({
  measure,
  bucket,
  key: String(binOf(seconds)),
  count,
  total: seconds * count,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ domains: ['analytics'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  const agent = await addUser(t, { username: 'report-agent' });
  token = agent.token;
  agentId = agent.id;
  const { pool } = t.ctx.database;
  flowId = (await pool.query(`INSERT INTO flows (name, nodes, edges) VALUES ('Sales bot', '[]', '[]') RETURNING id`)).rows[0].id;
  campaignId = (
    await pool.query(`INSERT INTO campaigns (name, template_name, template_language) VALUES ('Spring', 'spring', 'en') RETURNING id`)
  ).rows[0].id;
  const byAgent = { dimension: 'agent', value: String(agentId) };
  await seedCounts(pool, [
    // Around UTC midnight, 1-2 March 2025.
    inbound('2025-03-01T23:45:00Z', 3),
    inbound('2025-03-02T00:00:00Z', 2),
    outbound('2025-03-02T00:00:00Z', 1, 'text', 'read', 'agent'),
    outbound('2025-03-02T00:00:00Z', 1, 'text', 'read', 'agent', byAgent),
    outbound('2025-03-02T00:15:00Z', 2, 'template', 'delivered', 'campaign'),
    outbound('2025-03-02T00:15:00Z', 2, 'template', 'delivered', 'campaign', { dimension: 'campaign', value: 'x' }),
    outbound('2025-03-02T00:30:00Z', 1, 'template', 'failed', 'agent'),
    outbound('2025-03-02T00:30:00Z', 1, 'template', 'failed', 'agent', byAgent),
    outbound('2025-03-02T00:45:00Z', 1, 'interactive', 'sent', 'bot'),
    outbound('2025-03-02T00:45:00Z', 1, 'text', 'pending', 'api'),
    // Kathmandu (+5:45) starts 2 April at 18:15 UTC, Kolkata (+5:30) at 18:30.
    inbound('2025-04-01T18:00:00Z', 4),
    inbound('2025-04-01T18:15:00Z', 5),
    inbound('2025-04-01T18:30:00Z', 6),
    // New York springs forward on 9 March: that local day is 23 hours, 05:00 to 04:00 UTC.
    inbound('2025-03-10T03:45:00Z', 7),
    inbound('2025-03-10T04:00:00Z', 8),
    // New York's 30 January starts at 05:00 UTC: what 30 local days before 1 March (one of them 23 hours) reach back to.
    inbound('2025-01-30T04:45:00Z', 100),
    inbound('2025-01-30T05:00:00Z', 3),
  ]);
  // The conversations of 1-2 March, and of the week before (the summary's previous period).
  await seedCounts(pool, [
    event('2025-03-01T10:00:00Z', 'opened', 4),
    event('2025-03-01T10:00:00Z', 'opened', 1, { dimension: 'flow', value: String(flowId) }),
    event('2025-03-01T23:45:00Z', 'handed_off', 2),
    event('2025-03-01T23:45:00Z', 'handed_off', 1, { dimension: 'flow', value: String(flowId) }),
    event('2025-03-02T00:00:00Z', 'reopened', 1),
    event('2025-03-02T00:00:00Z', 'taken_over', 2),
    event('2025-03-02T00:00:00Z', 'taken_over', 1, byAgent),
    event('2025-03-02T09:00:00Z', 'resolved', 3),
    event('2025-03-02T09:00:00Z', 'resolved', 2, byAgent),
    event('2025-03-02T09:00:00Z', 'bot_handled', 2),
    event('2025-02-27T12:00:00Z', 'opened', 6),
    inbound('2025-02-28T12:00:00Z', 9),
    waits('resolution', '2025-03-02T09:00:00Z', 600, 2),
    waits('resolution', '2025-03-02T09:00:00Z', 7200, 1),
    waits('resolution', '2025-03-02T09:00:00Z', 600, 2, byAgent),
    // First responses: 32 s, 32 s and 20 min; within business hours 32 s, 5 min and 5 min.
    waits('first_response', '2025-03-02T00:00:00Z', 32, 2),
    waits('first_response', '2025-03-02T00:00:00Z', 1200, 1),
    waits('first_response', '2025-03-02T00:00:00Z', 32, 1, byAgent),
    waits('first_response_bh', '2025-03-02T00:00:00Z', 32, 1),
    waits('first_response_bh', '2025-03-02T00:00:00Z', 300, 2),
    { measure: 'engagement', bucket: '2025-03-02T00:15:00Z', key: 'campaign:replied', count: 1 },
    { measure: 'engagement', bucket: '2025-03-02T00:15:00Z', key: 'campaign:sent', count: 2 },
  ]);
  await seedActiveCounts(pool, [
    { period: 'day', kind: 'conversation', periodStart: '2025-03-01 00:00', count: 5 },
    { period: 'day', kind: 'conversation', periodStart: '2025-03-02 00:00', count: 4 },
    { period: 'day', kind: 'customer', periodStart: '2025-03-01 00:00', count: 3 },
    { period: 'day', kind: 'customer', periodStart: '2025-03-02 00:00', count: 2 },
    { period: 'day', kind: 'agent', periodStart: '2025-03-02 00:00', count: 1 },
  ]);
  // Conversations 1-5 on 1 March, 4-7 on 2 March: 7 distinct over both days.
  await seedPresence(pool, 'conversation', '2025-03-01', [1, 2, 3, 4, 5]);
  await seedPresence(pool, 'conversation', '2025-03-02', [4, 5, 6, 7]);
  await seedPresence(pool, 'conversation', '2025-02-28', [8]);
});
afterAll(() => t.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function inZone<T>(zone: string, read: () => Promise<T>): Promise<T> {
  await setAppTimezone(t, zone);
  try {
    return await read();
  } finally {
    await setAppTimezone(t, 'UTC');
  }
}

const ins = (volume: MessageVolume) => volume.series.map((s) => [s.bucket, s.inbound]);

describe('GET /api/analytics/messages/volume', () => {
  it('sums the 15-minute rollups into local days on either side of midnight, by direction, type, status and sender', async () => {
    const volume = await get<MessageVolume>('/api/analytics/messages/volume?startDate=2025-03-01&endDate=2025-03-02');
    expect(volume.range).toEqual({
      startDate: '2025-03-01T00:00:00.000Z',
      endDate: '2025-03-03T00:00:00.000Z',
      timezone: 'UTC',
      interval: 'day',
    });
    expect(volume.series).toEqual([
      { bucket: '2025-03-01T00:00:00.000Z', inbound: 3, outbound: 0 },
      { bucket: '2025-03-02T00:00:00.000Z', inbound: 2, outbound: 6 },
    ]);
    expect(volume.totals).toEqual({
      inbound: 5,
      outbound: 6,
      byType: { text: 7, template: 3, interactive: 1 },
      byStatus: { read: 1, delivered: 2, failed: 1, sent: 1, pending: 1 },
      bySender: { agent: 2, campaign: 2, bot: 1, api: 1 },
    });
  });

  it('reads exact local days at UTC+5:45 and UTC+5:30, whose midnights fall on 15-minute buckets', async () => {
    const range = '/api/analytics/messages/volume?startDate=2025-04-01&endDate=2025-04-02';
    const kathmandu = await inZone('Asia/Kathmandu', () => get<MessageVolume>(range));
    expect(ins(kathmandu)).toEqual([
      ['2025-03-31T18:15:00.000Z', 4],
      ['2025-04-01T18:15:00.000Z', 11],
    ]);
    const kolkata = await inZone('Asia/Kolkata', () => get<MessageVolume>(range));
    expect(ins(kolkata)).toEqual([
      ['2025-03-31T18:30:00.000Z', 9],
      ['2025-04-01T18:30:00.000Z', 6],
    ]);
    expect(ins(await get<MessageVolume>(range))).toEqual([
      ['2025-04-01T00:00:00.000Z', 15],
      ['2025-04-02T00:00:00.000Z', 0],
    ]);
  });

  it('follows a DST change: a 23-hour local day, and its 23 local hours', async () => {
    const daily = await inZone('America/New_York', () =>
      get<MessageVolume>('/api/analytics/messages/volume?startDate=2025-03-09&endDate=2025-03-10'),
    );
    expect(ins(daily)).toEqual([
      ['2025-03-09T05:00:00.000Z', 7],
      ['2025-03-10T04:00:00.000Z', 8],
    ]);
    const hourly = await inZone('America/New_York', () =>
      get<MessageVolume>('/api/analytics/messages/volume?startDate=2025-03-09&endDate=2025-03-09&interval=hour'),
    );
    expect(hourly.series).toHaveLength(23);
    expect(hourly.series.at(-1)).toEqual({ bucket: '2025-03-10T03:00:00.000Z', inbound: 7, outbound: 0 });
    const weekly = await inZone('America/New_York', () =>
      get<MessageVolume>('/api/analytics/messages/volume?startDate=2025-03-01&endDate=2025-03-31&interval=month'),
    );
    expect(ins(weekly)).toEqual([['2025-03-01T05:00:00.000Z', 5 + 7 + 8]]);
  });

  it("narrows to one agent's, campaign's or number's rows", async () => {
    const range = '/api/analytics/messages/volume?startDate=2025-03-01&endDate=2025-03-02';
    const mine = await get<MessageVolume>(`${range}&agentId=${agentId}`);
    expect(mine.totals).toMatchObject({ inbound: 0, outbound: 2, bySender: { agent: 2 }, byStatus: { read: 1, failed: 1 } });
    await seedCounts(t.ctx.database.pool, [
      outbound('2025-03-02T00:15:00Z', 2, 'template', 'delivered', 'campaign', {
        dimension: 'campaign',
        value: String(campaignId),
      }),
    ]);
    expect((await get<MessageVolume>(`${range}&campaignId=${campaignId}`)).totals.outbound).toBe(2);
    expect((await get<MessageVolume>(`${range}&phoneNumberId=${NUMBER}`)).totals).toMatchObject({ inbound: 0, outbound: 0 });
  });
});

describe('GET /api/analytics/conversations', () => {
  const range = '/api/analytics/conversations?startDate=2025-03-01&endDate=2025-03-02';

  it('counts each event per local day, active conversations per day and over the range, and resolution times', async () => {
    const report = await get<ConversationsAnalytics>(range);
    expect(report.series).toEqual([
      { bucket: '2025-03-01T00:00:00.000Z', opened: 4, reopened: 0, handedOff: 2, takenOver: 0, resolved: 0, botHandled: 0, active: 5 },
      { bucket: '2025-03-02T00:00:00.000Z', opened: 0, reopened: 1, handedOff: 0, takenOver: 2, resolved: 3, botHandled: 2, active: 4 },
    ]);
    expect(report.totals).toEqual({ opened: 4, reopened: 1, handedOff: 2, takenOver: 2, resolved: 3, botHandled: 2, active: 7 });
    expect(report.resolution).toMatchObject({ count: 3, averageSeconds: 2800 });
    expect(report.resolution?.distribution.find((d) => d.bin === '5_15m')?.count).toBe(2);
    expect(report.resolution?.distribution.find((d) => d.bin === '1_4h')?.count).toBe(1);
  });

  it("reads one flow's or agent's rows, with no active counts (kept for the whole install only)", async () => {
    const flow = await get<ConversationsAnalytics>(`${range}&flowId=${flowId}`);
    expect(flow.totals).toEqual({ opened: 1, reopened: 0, handedOff: 1, takenOver: 0, resolved: 0, botHandled: 0, active: null });
    expect(flow.series.every((s) => s.active === null)).toBe(true);
    expect(flow.resolution).toBeNull();
    const mine = await get<ConversationsAnalytics>(`${range}&agentId=${agentId}`);
    expect(mine.totals).toMatchObject({ takenOver: 1, resolved: 2, opened: 0 });
    expect(mine.resolution).toMatchObject({ count: 2, averageSeconds: 600 });
  });
});

describe('GET /api/analytics/activity/daily', () => {
  it('has one row per local day, empty days included, whatever the interval', async () => {
    const activity = await get<DailyActivity>('/api/analytics/activity/daily?startDate=2025-03-01&endDate=2025-03-03&interval=month');
    expect(activity.range.interval).toBe('day');
    expect(activity.days).toEqual([
      { date: '2025-03-01', messagesIn: 3, messagesOut: 0, conversationsOpened: 4, resolved: 0, customers: 3, agents: 0 },
      { date: '2025-03-02', messagesIn: 2, messagesOut: 6, conversationsOpened: 0, resolved: 3, customers: 2, agents: 1 },
      { date: '2025-03-03', messagesIn: 0, messagesOut: 0, conversationsOpened: 0, resolved: 0, customers: 0, agents: 0 },
    ]);
    const kathmandu = await inZone('Asia/Kathmandu', () =>
      get<DailyActivity>('/api/analytics/activity/daily?startDate=2025-04-01&endDate=2025-04-02'),
    );
    expect(kathmandu.days.map((d) => [d.date, d.messagesIn])).toEqual([
      ['2025-04-01', 4],
      ['2025-04-02', 11],
    ]);
    const mine = await get<DailyActivity>(`/api/analytics/activity/daily?startDate=2025-03-02&endDate=2025-03-02&agentId=${agentId}`);
    expect(mine.days).toEqual([
      { date: '2025-03-02', messagesIn: 0, messagesOut: 2, conversationsOpened: 0, resolved: 2, customers: null, agents: null },
    ]);
  });
});

describe('GET /api/reports/summary', () => {
  it('answers the range, the period as long just before it, and the conversations open and waiting now', async () => {
    const { pool } = t.ctx.database;
    const contacts = await pool.query(
      `INSERT INTO contacts (phone, wa_id) SELECT p, p FROM unnest(ARRAY['447700900901','447700900902','447700900903','447700900904']) p RETURNING id`,
    );
    const ids: number[] = contacts.rows.map((r) => r.id);
    const conversation = (contactId: number, state: string, userId: number | null) =>
      pool.query(
        `INSERT INTO conversations (contact_id, phone_number_id, session_state, session_user_id, session_changed_at)
         VALUES ($1, $2, $3, $4, now() - interval '1 hour') RETURNING id`,
        [contactId, NUMBER, state, userId],
      );
    await conversation(ids[0] as number, 'agent', agentId); // open
    await conversation(ids[1] as number, 'agent', null); // waiting
    const answered = (await conversation(ids[2] as number, 'agent', null)).rows[0].id; // handed off, an agent's template since
    await conversation(ids[3] as number, 'bot', null);
    await pool.query(
      `INSERT INTO messages (conversation_id, direction, type, status, user_id, timestamp) VALUES ($1, 'outbound', 'template', 'sent', $2, now())`,
      [answered, agentId],
    );

    const summary = await get<ReportSummary>('/api/reports/summary?startDate=2025-03-01&endDate=2025-03-02');
    expect(summary.range).toMatchObject({ startDate: '2025-03-01T00:00:00.000Z', endDate: '2025-03-03T00:00:00.000Z' });
    expect(summary.current).toEqual({
      conversations: 7,
      conversationsOpened: 4,
      conversationsReopened: 1,
      messagesIn: 5,
      messagesOut: 6,
      // First responses of 32 s, 32 s and 20 min: the median (rank 1.5 of 3) is read three quarters into the 30-35 s bin.
      medianFirstResponseSeconds: 34,
      botHandoffs: 2,
      resolved: 3,
      templates: { total: 3, sent: 2, delivered: 2, read: 0, failed: 1 },
      campaigns: { total: 2, sent: 2, delivered: 2, read: 0, failed: 0, replied: 1 },
      spend: null,
    });
    // 27-28 February.
    expect(summary.previous).toMatchObject({ conversations: 1, conversationsOpened: 6, messagesIn: 9, messagesOut: 0 });
    expect(summary.now).toEqual({ open: 1, waiting: 1 });

    const businessHours = await get<ReportSummary>('/api/reports/summary?startDate=2025-03-01&endDate=2025-03-02&businessHours=true');
    // The median is the middle of the two 5-minute waits' bin, 300-360 s, read a quarter in.
    expect(businessHours.current.medianFirstResponseSeconds).toBe(315);
    const mine = await get<ReportSummary>(`/api/reports/summary?startDate=2025-03-01&endDate=2025-03-02&agentId=${agentId}`);
    expect(mine.current).toMatchObject({ conversations: null, messagesIn: 0, messagesOut: 2, resolved: 2, campaigns: { replied: null } });
    expect(mine.now).toEqual({ open: 1, waiting: 1 });
    const otherNumber = await get<ReportSummary>('/api/reports/summary?phoneNumberId=555');
    expect(otherNumber.now).toEqual({ open: 0, waiting: 0 });
  });

  it('compares 30 local days with the 30 local days before them across a DST change', async () => {
    const summary = await inZone('America/New_York', () =>
      get<ReportSummary>('/api/reports/summary?startDate=2025-03-01&endDate=2025-03-30'),
    );
    expect(summary.range).toMatchObject({ startDate: '2025-03-01T05:00:00.000Z', endDate: '2025-03-31T04:00:00.000Z' });
    // 30 local days before 1 March: from 30 January, midnight in New York.
    expect(summary.previous.messagesIn).toBe(9 + 3);
  });
});

describe('bad input', () => {
  const refusal = async (url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, url).toBe(400);
    return res.json().error as string;
  };

  it('answers a 400 with a message for a bad range, interval or date, never a 500', async () => {
    for (const path of [
      '/api/reports/summary',
      '/api/analytics/conversations',
      '/api/analytics/messages/volume',
      '/api/analytics/activity/daily',
    ]) {
      expect(await refusal(`${path}?startDate=2025-03-09&endDate=2025-03-01`)).toBe('startDate must be before endDate (query startDate)');
      expect(await refusal(`${path}?startDate=2023-01-01&endDate=2025-03-01`)).toMatch(/may not exceed 731 days/);
      expect(await refusal(`${path}?interval=year`)).toMatch(/interval must be one of hour, day, week, month/);
      expect(await refusal(`${path}?startDate=2025-02-30`)).toMatch(/startDate/);
      expect(await refusal(`${path}?endDate=yesterday`)).toMatch(/endDate/);
    }
    expect(await refusal('/api/analytics/messages/volume?startDate=2025-01-01&endDate=2025-04-30&interval=hour')).toMatch(
      /more than 2000 hours; choose a longer interval/,
    );
  });

  it('refuses two filters, a filter the endpoint does not take, and an unknown agent, campaign or flow', async () => {
    expect(await refusal(`/api/analytics/messages/volume?agentId=${agentId}&campaignId=${campaignId}`)).toBe(
      'Filter by one of agentId, campaignId at a time, not 2 together (query campaignId)',
    );
    expect(await refusal(`/api/analytics/messages/volume?flowId=${flowId}`)).toBe(
      'flowId does not filter /api/analytics/messages/volume: it takes agentId, campaignId, phoneNumberId (query flowId)',
    );
    expect(await refusal('/api/analytics/conversations?agentId=999999')).toBe('There is no agent with id 999999 (query agentId)');
    expect(await refusal('/api/analytics/messages/volume?campaignId=999999')).toBe(
      'There is no campaign with id 999999 (query campaignId)',
    );
    expect(await refusal('/api/analytics/conversations?flowId=999999')).toBe('There is no flow with id 999999 (query flowId)');
    expect(await refusal('/api/analytics/conversations?agentId=abc')).toMatch(/agentId must be a number/);
  });
});

describe('the OpenAPI document', () => {
  it('states the definitions of every analytics endpoint', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/reports/summary',
      '/api/analytics/conversations',
      '/api/analytics/messages/volume',
      '/api/analytics/activity/daily',
      '/api/analytics/templates',
    ]) {
      expect(paths[path]?.get?.tags, path).toEqual(['Analytics']);
    }
    expect(paths['/api/reports/summary'].get.description).toMatch(/waiting = handed off by the bot with no human reply since/);
    expect(paths['/api/analytics/conversations'].get.description).toMatch(/botHandled: opened or reopened, and no agent took it/);
  });
});

describe('licence and sign-in', () => {
  it('asks for a signed-in user and the analytics feature, with the licence error of spec 8', async () => {
    expect((await t.request({ method: 'GET', url: '/api/reports/summary' })).statusCode).toBe(401);
    expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/analytics/activity/daily', token })).statusCode).toBe(200);
    expect((await applyKey(t, mintKey({ plan: 'basic', features: { analytics: false } }))).statusCode).toBe(200);
    for (const url of ['/api/reports/summary', '/api/analytics/conversations', '/api/analytics/templates']) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'analytics' });
    }
  });
});
