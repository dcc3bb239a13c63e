import type { TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import type { MessageStatus } from '@wac/contract/whatsapp-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { messageKey, seedCounts } from './test/seed-rollups.ts';

/*
 * GET /api/analytics/templates reads the rollups (measure messages, dimension template). Until the rollup job is
 * merged these tests write the rows it would keep for these template messages (one per message, in its 15-minute
 * bucket); then they seed the messages and run the recompute instead.
 */

let t: TestApp;
let token: string;

/** Template messages with the statuses Meta reported (the templates domain's paged-list test sends the same). */
const seeded: { template: string; status: MessageStatus; timestamp: string; sender?: 'agent' | 'campaign' }[] = [
  { template: 'welcome', status: 'read', timestamp: '2025-03-01T09:00:00Z' },
  { template: 'welcome', status: 'delivered', timestamp: '2025-03-01T10:00:00Z', sender: 'campaign' },
  { template: 'welcome', status: 'failed', timestamp: '2025-03-01T11:00:00Z' },
  { template: 'welcome', status: 'sent', timestamp: '2025-03-02T09:00:00Z' },
  { template: 'welcome', status: 'pending', timestamp: '2025-03-02T10:00:00Z' },
  { template: 'receipt', status: 'read', timestamp: '2025-03-01T12:00:00Z' },
  // Late on 1 March in New York, already 2 March in UTC.
  { template: 'receipt', status: 'delivered', timestamp: '2025-03-02T03:00:00Z' },
  { template: 'receipt', status: 'read', timestamp: '2025-03-09T08:00:00Z' },
];

beforeAll(async () => {
  t = await createTestApp({ domains: ['analytics'] });
  token = (await addUser(t, { username: 'analytics-agent' })).token;
  await seedCounts(
    t.ctx.database.pool,
    seeded.map((m) => ({
      measure: 'messages',
      dimension: 'template',
      value: m.template,
      bucket: m.timestamp,
      key: messageKey('outbound', 'template', m.status, m.sender ?? 'agent'),
      count: 1,
    })),
  );
  // Other dimensions' rows of the same messages are never counted here.
  await seedCounts(t.ctx.database.pool, [
    { measure: 'messages', bucket: '2025-03-01T09:00:00Z', key: messageKey('outbound', 'template', 'read', 'agent'), count: 8 },
  ]);
});
afterAll(() => t.close());

async function analytics(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/analytics/templates${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemplateAnalyticsResponse;
}

describe('GET /api/analytics/templates', () => {
  it('counts sent, delivered, read and failed per template per day', async () => {
    const result = await analytics('?startDate=2025-03-01&endDate=2025-03-09');
    expect(result).toMatchObject({
      interval: 'daily',
      timezone: 'UTC',
      startDate: '2025-03-01T00:00:00.000Z',
      endDate: '2025-03-10T00:00:00.000Z',
    });
    expect(result.series).toEqual([
      { bucket: '2025-03-01T00:00:00.000Z', templateName: 'receipt', total: 1, sent: 1, delivered: 1, read: 1, failed: 0 },
      { bucket: '2025-03-01T00:00:00.000Z', templateName: 'welcome', total: 3, sent: 2, delivered: 2, read: 1, failed: 1 },
      { bucket: '2025-03-02T00:00:00.000Z', templateName: 'receipt', total: 1, sent: 1, delivered: 1, read: 0, failed: 0 },
      { bucket: '2025-03-02T00:00:00.000Z', templateName: 'welcome', total: 2, sent: 1, delivered: 0, read: 0, failed: 0 },
      { bucket: '2025-03-09T00:00:00.000Z', templateName: 'receipt', total: 1, sent: 1, delivered: 1, read: 1, failed: 0 },
    ]);
    expect(result.totals).toEqual({ total: 8, sent: 6, delivered: 5, read: 3, failed: 1 });
    expect(result.templates).toEqual([
      { templateName: 'welcome', total: 5, sent: 3, delivered: 2, read: 1, failed: 1, deliveryRate: 66.7, readRate: 50 },
      { templateName: 'receipt', total: 3, sent: 3, delivered: 3, read: 2, failed: 0, deliveryRate: 100, readRate: 66.7 },
    ]);
  });

  it('buckets by week or month, narrows to one template, and follows the app’s timezone', async () => {
    const weekly = await analytics('?startDate=2025-03-01&endDate=2025-03-09&interval=weekly&templateName=receipt');
    // ISO weeks start on Monday: 1 and 2 March fall in the week of 24 February.
    expect(weekly.series.map((s) => [s.bucket, s.total])).toEqual([
      ['2025-02-24T00:00:00.000Z', 2],
      ['2025-03-03T00:00:00.000Z', 1],
    ]);
    expect((await analytics('?startDate=2025-03-01&endDate=2025-03-31&interval=monthly')).series).toHaveLength(2);

    await setAppTimezone(t, 'America/New_York');
    try {
      const ny = await analytics('?startDate=2025-03-01&endDate=2025-03-01&templateName=receipt');
      expect(ny).toMatchObject({
        timezone: 'America/New_York',
        startDate: '2025-03-01T05:00:00.000Z',
        endDate: '2025-03-02T05:00:00.000Z',
      });
      expect(ny.series).toEqual([
        { bucket: '2025-03-01T05:00:00.000Z', templateName: 'receipt', total: 2, sent: 2, delivered: 2, read: 1, failed: 0 },
      ]);
    } finally {
      await setAppTimezone(t, 'UTC');
    }
  });

  it('takes the last 30 days when no range is given, and refuses a backwards or oversized range', async () => {
    expect((await analytics('')).totals.total).toBe(0);
    const backwards = await t.request({ method: 'GET', url: '/api/analytics/templates?startDate=2025-03-09&endDate=2025-03-01', token });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe('startDate must be before endDate (query startDate)');
    const huge = await t.request({
      method: 'GET',
      url: '/api/analytics/templates?startDate=2024-01-01&endDate=2025-03-01&interval=hourly',
      token,
    });
    expect(huge.json().error).toMatch(/^The range has more than 2000 hours; choose a longer interval/);
    const badInterval = await t.request({ method: 'GET', url: '/api/analytics/templates?interval=yearly', token });
    expect(badInterval.statusCode).toBe(400);
  });
});
