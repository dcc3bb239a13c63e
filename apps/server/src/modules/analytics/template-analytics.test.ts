import type { TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import type { MessageStatus } from '@wac/contract/whatsapp-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runRollups } from './rollups/run-rollups.ts';
import { rollupSeed } from './test/rollup-seed.ts';

/*
 * GET /api/analytics/templates reads the rollups (measure messages, dimension template): these tests seed the
 * template messages and run the rollup job over them, in the app's timezone.
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

/** The rollups brought up to date in `timezone` (rebuilt when it changed) and the app's timezone set to it. */
async function inZone(timezone: string): Promise<void> {
  await runRollups(t.ctx.database.db, { timezone, businessDays: null });
  await setAppTimezone(t, timezone);
}

beforeAll(async () => {
  t = await createTestApp({ domains: ['analytics'] });
  const agent = await addUser(t, { username: 'analytics-agent' });
  token = agent.token;
  const seed = rollupSeed(t.ctx.database.pool);
  const { conversationId } = await seed.conversation();
  for (const m of seeded) {
    const id = await seed.message({
      conversationId,
      direction: 'outbound',
      templateName: m.template,
      status: m.status,
      at: m.timestamp,
      userId: m.sender === 'campaign' ? null : agent.id,
    });
    if (m.sender === 'campaign') await seed.campaignSend(id);
  }
  // Messages that are not templates are never counted here.
  await seed.message({ conversationId, direction: 'outbound', userId: agent.id, status: 'read', at: '2025-03-01T09:00:00Z' });
  await seed.message({ conversationId, direction: 'inbound', at: '2025-03-01T09:05:00Z' });
  await inZone('UTC');
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

  it('answers the series of the top templates only, the others summed per bucket under no name', async () => {
    const result = await analytics('?startDate=2025-03-01&endDate=2025-03-09&top=1');
    expect(result.series).toEqual([
      { bucket: '2025-03-01T00:00:00.000Z', templateName: null, total: 1, sent: 1, delivered: 1, read: 1, failed: 0 },
      { bucket: '2025-03-01T00:00:00.000Z', templateName: 'welcome', total: 3, sent: 2, delivered: 2, read: 1, failed: 1 },
      { bucket: '2025-03-02T00:00:00.000Z', templateName: null, total: 1, sent: 1, delivered: 1, read: 0, failed: 0 },
      { bucket: '2025-03-02T00:00:00.000Z', templateName: 'welcome', total: 2, sent: 1, delivered: 0, read: 0, failed: 0 },
      { bucket: '2025-03-09T00:00:00.000Z', templateName: null, total: 1, sent: 1, delivered: 1, read: 1, failed: 0 },
    ]);
    // The ranking and the totals stay whole; a top as large as the templates changes nothing.
    expect(result.templates.map((t) => t.templateName)).toEqual(['welcome', 'receipt']);
    expect(result.totals.total).toBe(8);
    expect((await analytics('?startDate=2025-03-01&endDate=2025-03-09&top=2')).series.every((s) => s.templateName !== null)).toBe(true);
    const refused = await t.request({ method: 'GET', url: '/api/analytics/templates?top=0', token });
    expect(refused.statusCode).toBe(400);
  });

  it('buckets by week or month, narrows to one template, and follows the app’s timezone', async () => {
    const weekly = await analytics('?startDate=2025-03-01&endDate=2025-03-09&interval=weekly&templateName=receipt');
    // ISO weeks start on Monday: 1 and 2 March fall in the week of 24 February.
    expect(weekly.series.map((s) => [s.bucket, s.total])).toEqual([
      ['2025-02-24T00:00:00.000Z', 2],
      ['2025-03-03T00:00:00.000Z', 1],
    ]);
    expect((await analytics('?startDate=2025-03-01&endDate=2025-03-31&interval=monthly')).series).toHaveLength(2);

    await inZone('America/New_York');
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
      await inZone('UTC');
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
