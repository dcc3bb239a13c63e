import type {
  ActiveUsers,
  AnalyticsInterval,
  ConversationsAnalytics,
  DailyActivity,
  Engagement,
  MessageVolume,
  ReportSummary,
  ResponseAnalytics,
  ResponseStats,
  Retention,
  SentimentAnalytics,
} from '@wac/contract/analytics';
import { type BusinessHours, defaultBusinessHours } from '@wac/contract/business-hours';
import type { TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { BIN_UPPER_EDGES, binOf, CELL_BIN_UPPER_EDGES } from './response-bins.ts';
import { runRollups } from './rollups/run-rollups.ts';
import {
  type ExpectedStats,
  exactQuantile,
  type FiguresOracle,
  figuresOracle,
  type OracleRange,
  readSourceRows,
} from './test/figures-oracle.ts';
import { type Scenario, seedScenario } from './test/figures-scenario.ts';
import { localClock } from './test/local-clock.ts';

/*
 * The whole path: source rows seeded by SQL across local midnights, New York's DST changes and Kolkata's UTC+5:30, the
 * rollup job run over them in the app's timezone, and every analytics endpoint's figures read over HTTP, each held
 * against the same figure worked out in JavaScript from the rows by the definitions (test/figures-oracle.ts), for
 * ranges given as dates and as date-times off the hour, by hour, day, week and month, and over a year (month rows).
 */

let t: TestApp;
let token: string;
let scenario: Scenario;
let oracle: FiguresOracle;

beforeAll(async () => {
  t = await createTestApp({ domains: ['analytics'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  expect((await applyKey(t, mintKey({ plan: 'professional' }))).statusCode).toBe(200);
  token = (await addUser(t, { username: 'figures-viewer' })).token;
  scenario = await seedScenario(t.ctx.database.pool);
  oracle = figuresOracle(await readSourceRows(t.ctx.database.pool));
});
afterAll(() => t?.close());

/** The rollup job brought up to date in `timezone` (a rebuild, when it changed), and the app's timezone set to it. */
async function inZone(timezone: string): Promise<void> {
  await runRollups(t.ctx.database.db, { timezone, businessDays: null });
  await setAppTimezone(t, timezone);
}

async function get<T>(path: string, query: Record<string, string | number>): Promise<T> {
  const url = `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

/**
 * The answer's median or p90 against the exact sample: within the histogram bin holding it (response-bins.ts; the
 * series' periods and the heatmap's cells read theirs in the coarser CELL_BIN_UPPER_EDGES).
 */
function expectQuantile(actual: number | null, samples: readonly number[], q: number, label: string, edges = BIN_UPPER_EDGES): void {
  const exact = exactQuantile(samples, q);
  if (exact === null) {
    expect.soft(actual, label).toBeNull();
    return;
  }
  const bin = binOf(exact, edges);
  const lower = bin === 0 ? 0 : (edges[bin - 1] as number);
  const upper = edges[bin];
  if (upper === undefined) {
    const open = samples.filter((s) => s >= lower);
    expect.soft(actual, `${label}: the mean of the open bin`).toBe(Math.round(open.reduce((a, b) => a + b, 0) / open.length));
    return;
  }
  expect.soft(actual, `${label}: exactly ${exact} s, in the bin [${lower}, ${upper}]`).toSatisfy((v: number) => v >= lower && v <= upper);
}

function expectStats(actual: ResponseStats | null | undefined, expected: ExpectedStats, label: string): void {
  const { count, averageSeconds, distribution } = actual ?? {};
  expect.soft({ count, averageSeconds, distribution }, label).toEqual({
    count: expected.count,
    averageSeconds: expected.averageSeconds,
    distribution: expected.distribution,
  });
  expectQuantile(actual?.medianSeconds ?? null, expected.seconds, 0.5, `${label} median`);
  expectQuantile(actual?.p90Seconds ?? null, expected.seconds, 0.9, `${label} p90`);
}

interface Case {
  startDate: string;
  endDate: string;
  intervals: AnalyticsInterval[];
}

const QUARTER_MS = 900_000;

/**
 * The range the endpoints should resolve: dates are whole local days (endDate inclusive), date-times are read from
 * the quarter hour they fall in or, between two, from the next (the rollups' 15-minute buckets).
 */
function oracleRange(timezone: string, c: Case, interval: AnalyticsInterval): OracleRange {
  const clock = localClock(timezone);
  const bound = (value: string, next: boolean) =>
    value.length === 10
      ? clock.dayStart(next ? new Date(Date.parse(value) + 86_400_000).toISOString().slice(0, 10) : value)
      : Math.ceil(Date.parse(value) / QUARTER_MS) * QUARTER_MS;
  return { from: bound(c.startDate, false), to: bound(c.endDate, true), timezone, interval };
}

const answeredRange = (range: OracleRange) => ({
  startDate: new Date(range.from).toISOString(),
  endDate: new Date(range.to).toISOString(),
  timezone: range.timezone,
  interval: range.interval,
});

/** The response-time answer against the oracle's waits: counts, means and distributions exact, medians within their bin. */
function expectResponse(
  response: ResponseAnalytics,
  expectedResponse: ReturnType<FiguresOracle['response']>,
  label: (what: string) => string,
) {
  expectStats(response.firstResponse, expectedResponse.firstResponse, label('first response'));
  expectStats(response.replyTime, expectedResponse.replyTime, label('reply time'));
  expect
    .soft(
      response.series.map((s) => [s.bucket, s.replies]),
      label('response series replies'),
    )
    .toEqual(expectedResponse.series.map((s) => [s.bucket, s.replies]));
  for (const [i, s] of expectedResponse.series.entries()) {
    expectQuantile(
      response.series[i]?.firstResponseMedianSeconds ?? null,
      s.firstResponses,
      0.5,
      label(`first response median of ${s.bucket}`),
      CELL_BIN_UPPER_EDGES,
    );
    expectQuantile(
      response.series[i]?.replyTimeMedianSeconds ?? null,
      s.replyTimes,
      0.5,
      label(`reply time median of ${s.bucket}`),
      CELL_BIN_UPPER_EDGES,
    );
  }
  expect
    .soft(
      response.byHourOfWeek.map((cell) => [cell.dayOfWeek, cell.hour, cell.count]),
      label('response by hour of week'),
    )
    .toEqual(expectedResponse.byHourOfWeek.map((cell) => [cell.dayOfWeek, cell.hour, cell.stats.count]));
  for (const [i, cell] of expectedResponse.byHourOfWeek.entries()) {
    expectQuantile(
      response.byHourOfWeek[i]?.medianSeconds ?? null,
      cell.stats.seconds,
      0.5,
      label(`median at ${cell.dayOfWeek}/${cell.hour}h`),
      CELL_BIN_UPPER_EDGES,
    );
  }
  expect
    .soft(
      response.byAgent.map((a) => [a.agent, a.replies]),
      label('response by agent'),
    )
    .toEqual(expectedResponse.byAgent.map((a) => [a.agent, a.replies]));
  for (const [i, a] of expectedResponse.byAgent.entries()) {
    expectStats(response.byAgent[i]?.firstResponse, a.firstResponse, label(`first response of ${a.agent.username}`));
    expectStats(response.byAgent[i]?.replyTime, a.replyTime, label(`reply time of ${a.agent.username}`));
  }
}

/** Every endpoint's figures for one range and interval, against the oracle's. */
async function checkEveryEndpoint(timezone: string, c: Case, interval: AnalyticsInterval, first: boolean): Promise<void> {
  const range = oracleRange(timezone, c, interval);
  const query = { startDate: c.startDate, endDate: c.endDate, interval };
  const label = (what: string) => `${what} ${timezone} ${c.startDate}..${c.endDate} by ${interval}`;

  const volume = await get<MessageVolume>('/api/analytics/messages/volume', query);
  expect.soft(volume.range, label('volume range')).toEqual(answeredRange(range));
  expect.soft({ series: volume.series, totals: volume.totals }, label('volume')).toEqual(oracle.volume(range));

  const conversations = await get<ConversationsAnalytics>('/api/analytics/conversations', query);
  const expectedConversations = oracle.conversations(range);
  expect.soft(conversations.series, label('conversations series')).toEqual(expectedConversations.series);
  expect.soft(conversations.totals, label('conversations totals')).toEqual(expectedConversations.totals);
  expectStats(conversations.resolution, expectedConversations.resolution, label('resolution'));

  const response = await get<ResponseAnalytics>('/api/analytics/messages/response', query);
  expectResponse(response, oracle.response(range), label);

  const active = await get<ActiveUsers>('/api/analytics/users/active', query);
  expect.soft(active.series, label('active users')).toEqual(oracle.activeUsers(range));

  const engagement = await get<Engagement>('/api/analytics/engagement', query);
  expect.soft({ ...engagement, range: undefined }, label('engagement')).toEqual({ ...oracle.engagement(range), range: undefined });

  const sentiment = await get<SentimentAnalytics>('/api/analytics/sentiment', query);
  expect.soft({ ...sentiment, range: undefined, accuracy: undefined }, label('sentiment')).toEqual({
    ...oracle.sentiment(range),
    range: undefined,
    accuracy: undefined,
  });
  expect.soft(sentiment.accuracy.corrections, label('corrections')).toEqual({ count: 1, agreement: 0 });

  const templateInterval = { hour: 'hourly', day: 'daily', week: 'weekly', month: 'monthly' }[interval];
  const templates = await get<TemplateAnalyticsResponse>('/api/analytics/templates', { ...query, interval: templateInterval });
  expect.soft(templates, label('templates')).toEqual({
    interval: templateInterval,
    startDate: new Date(range.from).toISOString(),
    endDate: new Date(range.to).toISOString(),
    timezone,
    ...oracle.templates(range),
  });

  if (!first) return;
  // Figures whose interval is fixed or plays no part: once per range.
  const summary = await get<ReportSummary>('/api/reports/summary', query);
  const expectedSummary = oracle.summary(range);
  const previous = oracle.previousRange(range);
  const { firstResponses, ...current } = expectedSummary.current;
  const { firstResponses: previousFirstResponses, ...before } = oracle.summaryFigures(previous, null);
  expect.soft(summary.range, label('summary range')).toEqual(answeredRange(range));
  expect.soft({ ...summary.current, medianFirstResponseSeconds: null }, label('summary')).toEqual(current);
  expect.soft({ ...summary.previous, medianFirstResponseSeconds: null }, label('summary of the period before')).toEqual(before);
  expectQuantile(summary.current.medianFirstResponseSeconds, firstResponses, 0.5, label('summary median'));
  expectQuantile(summary.previous.medianFirstResponseSeconds, previousFirstResponses, 0.5, label('summary median before'));
  expect.soft(summary.now, label('now')).toEqual(expectedSummary.now);

  const daily = await get<DailyActivity>('/api/analytics/activity/daily', query);
  expect.soft(daily.days, label('daily activity')).toEqual(oracle.dailyActivity(range));

  const retention = await get<Retention>('/api/analytics/users/retention', query);
  expect.soft(retention.cohorts, label('retention')).toEqual(oracle.retention(range));
}

const ZONES: Record<string, Case[]> = {
  'America/New_York': [
    // The 23-hour day of 9 March, its midnights either side.
    { startDate: '2025-03-08', endDate: '2025-03-10', intervals: ['hour', 'day'] },
    // The 25-hour day of 2 November with its repeated hour, in a week.
    { startDate: '2025-11-01', endDate: '2025-11-03', intervals: ['hour', 'day', 'week'] },
    // Date-times off the hour, from inside the repeated hour's first pass.
    { startDate: '2025-11-02T05:45:00Z', endDate: '2025-11-03T13:15:00Z', intervals: ['hour', 'day'] },
    // Date-times off the quarter hour, either side of the clocks springing forward.
    { startDate: '2025-03-09T06:52:30Z', endDate: '2025-03-10T04:07:00Z', intervals: ['hour'] },
    // A year: month rows.
    { startDate: '2025-01-01', endDate: '2025-12-31', intervals: ['month', 'week'] },
  ],
  'Asia/Kolkata': [
    { startDate: '2025-06-10', endDate: '2025-06-12', intervals: ['hour', 'day'] },
    { startDate: '2025-06-10T18:45:00Z', endDate: '2025-06-12T07:45:00+05:30', intervals: ['hour', 'day'] },
    { startDate: '2025-03-01', endDate: '2025-03-31', intervals: ['week', 'day'] },
    { startDate: '2025-01-01', endDate: '2025-12-31', intervals: ['month'] },
  ],
};

describe('every analytics figure against counts made from the rows', () => {
  it('has rows behind every kind of figure, so none is compared at zero only', () => {
    const year = oracleRange('UTC', { startDate: '2025-01-01', endDate: '2025-12-31', intervals: [] }, 'month');
    const { totals } = oracle.conversations(year);
    expect(
      Object.values(totals).every((n) => n !== null && n > 0),
      JSON.stringify(totals),
    ).toBe(true);
    expect(Object.keys(oracle.volume(year).totals.bySender).sort()).toEqual(['agent', 'api', 'bot', 'campaign']);
    const response = oracle.response(year);
    expect(
      response.replyTime.distribution.every((bin) => bin.count > 0),
      JSON.stringify(response.replyTime.distribution),
    ).toBe(true);
    expect(response.replyTime.count).toBeGreaterThan(response.firstResponse.count);
    const engagement = oracle.engagement(year);
    expect([
      engagement.templates.replied,
      engagement.campaigns.replied,
      engagement.templates.sent - engagement.templates.replied,
    ]).not.toContain(0);
    expect(Object.values(oracle.sentiment(year).totals).every((n) => n !== null && n !== 0)).toBe(true);
    expect(oracle.summary(year).now.open).toBeGreaterThan(0);
    expect(oracle.summary(year).now.waiting).toBeGreaterThan(0);
    expect(oracle.retention(year).some((cohort) => cohort.weeks.some((week) => week.week > 0 && week.active > 0))).toBe(true);
  });

  for (const [timezone, cases] of Object.entries(ZONES)) {
    it(`matches in ${timezone}, by hour, day, week and month, for dates, date-times and a year`, async () => {
      await inZone(timezone);
      for (const c of cases) {
        for (const [i, interval] of c.intervals.entries()) await checkEveryEndpoint(timezone, c, interval, i === 0);
      }
    });
  }

  it('matches narrowed to an agent, a number, a campaign or a template', async () => {
    const timezone = 'America/New_York';
    await inZone(timezone);
    const c: Case = { startDate: '2025-01-01', endDate: '2025-12-31', intervals: ['month'] };
    const range = oracleRange(timezone, c, 'month');
    const query = { startDate: c.startDate, endDate: c.endDate, interval: 'month' };
    const [ana] = scenario.agents as [number];
    const [spring] = scenario.campaigns as [number];
    const filters = [{ agentId: ana }, { phoneNumberId: 'pn-2' }] as const;

    for (const filter of [...filters, { campaignId: spring }] as const) {
      const volume = await get<MessageVolume>('/api/analytics/messages/volume', { ...query, ...filter });
      expect
        .soft({ series: volume.series, totals: volume.totals }, `volume ${JSON.stringify(filter)}`)
        .toEqual(oracle.volume(range, filter));
    }
    const holders = new Map<number, number | null>(
      (await t.ctx.database.pool.query('SELECT id, session_user_id FROM conversations')).rows.map((r) => [r.id, r.session_user_id]),
    );
    for (const filter of filters) {
      const name = JSON.stringify(filter);
      const conversations = await get<ConversationsAnalytics>('/api/analytics/conversations', { ...query, ...filter });
      const expected = oracle.conversations(range, filter);
      expect.soft([conversations.series, conversations.totals], `conversations ${name}`).toEqual([expected.series, expected.totals]);
      expectStats(conversations.resolution, expected.resolution, `resolution ${name}`);

      const summary = await get<ReportSummary>('/api/reports/summary', { ...query, ...filter });
      const { firstResponses, ...current } = oracle.summary(range, filter).current;
      expect.soft({ ...summary.current, medianFirstResponseSeconds: null }, `summary ${name}`).toEqual(current);
      expectQuantile(summary.current.medianFirstResponseSeconds, firstResponses, 0.5, `summary median ${name}`);
      expect.soft(summary.now, `now ${name}`).toEqual(oracle.summary(range, filter).now);

      const daily = await get<DailyActivity>('/api/analytics/activity/daily', { ...query, ...filter });
      expect.soft(daily.days, `daily activity ${name}`).toEqual(oracle.dailyActivity(range, filter));

      const response = await get<ResponseAnalytics>('/api/analytics/messages/response', { ...query, ...filter });
      const expectedResponse = oracle.response(range, filter);
      expectStats(response.firstResponse, expectedResponse.firstResponse, `first response ${name}`);
      expectStats(response.replyTime, expectedResponse.replyTime, `reply time ${name}`);
      expect
        .soft(
          response.byAgent.map((a) => [a.agent.id, a.replies, a.firstResponse.count]),
          `by agent ${name}`,
        )
        .toEqual(expectedResponse.byAgent.map((a) => [a.agent.id, a.replies, a.firstResponse.count]));

      const sentiment = await get<SentimentAnalytics>('/api/analytics/sentiment', { ...query, ...filter });
      expect.soft({ ...sentiment, range: undefined, accuracy: undefined }, `sentiment ${name}`).toEqual({
        ...oracle.sentiment(range, filter, (id) => holders.get(id) ?? null),
        range: undefined,
        accuracy: undefined,
      });
    }

    const engagement = await get<Engagement>('/api/analytics/engagement', { ...query, campaignId: spring });
    expect.soft({ ...engagement, range: undefined }, 'engagement of a campaign').toEqual({
      ...oracle.engagement(range, { campaignId: spring }),
      range: undefined,
    });
    const templates = await get<TemplateAnalyticsResponse>('/api/analytics/templates', {
      ...query,
      interval: 'monthly',
      templateName: 'welcome',
    });
    expect
      .soft({ series: templates.series, templates: templates.templates, totals: templates.totals }, 'templates of welcome')
      .toEqual(oracle.templates(range, 'welcome'));
  });
  it('matches waiting times within business hours, whose Sunday night opening spans both of New York’s DST changes', async () => {
    const timezone = 'America/New_York';
    // Weekdays 9 to 5, and Sunday 01:00-04:00: the night the clocks skip 02:00 and the night they pass 01:00 twice.
    const businessDays = defaultBusinessHours.days.map((day, dow) =>
      dow === 0 ? { start: '01:00', end: '04:00' } : day,
    ) as BusinessHours['days'];
    await runRollups(t.ctx.database.db, { timezone, businessDays });
    await setAppTimezone(t, timezone);
    const cases: [Case, AnalyticsInterval][] = [
      [{ startDate: '2025-03-08', endDate: '2025-03-10', intervals: [] }, 'hour'],
      [{ startDate: '2025-11-01', endDate: '2025-11-03', intervals: [] }, 'day'],
      [{ startDate: '2025-01-01', endDate: '2025-12-31', intervals: [] }, 'month'],
    ];
    for (const [c, interval] of cases) {
      const range = oracleRange(timezone, c, interval);
      const query = { startDate: c.startDate, endDate: c.endDate, interval, businessHours: 'true' };
      const label = (what: string) => `${what} within business hours ${c.startDate}..${c.endDate} by ${interval}`;
      const response = await get<ResponseAnalytics>('/api/analytics/messages/response', query);
      expect(response.businessHours).toBe(true);
      expectResponse(response, oracle.response(range, null, businessDays), label);
      const summary = await get<ReportSummary>('/api/reports/summary', query);
      expectQuantile(
        summary.current.medianFirstResponseSeconds,
        oracle.summaryFigures(range, null, businessDays).firstResponses,
        0.5,
        label('summary median'),
      );
    }
  });
});
