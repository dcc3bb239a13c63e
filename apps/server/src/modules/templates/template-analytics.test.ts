import type { TemplateAnalyticsResponse, TemplateMessageRow } from '@wac/contract/template-analytics';
import type { MessageStatus } from '@wac/contract/whatsapp-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contacts, conversations, messages } from '../../db/schema.ts';

let t: TestApp;
let token: string;

const at = (iso: string) => new Date(iso);

/** Template messages as the send path stores them, with the statuses Meta reported. */
const seeded: { template: string; phone: string; status: MessageStatus; timestamp: string }[] = [
  { template: 'welcome', phone: '447700900801', status: 'read', timestamp: '2025-03-01T09:00:00Z' },
  { template: 'welcome', phone: '447700900802', status: 'delivered', timestamp: '2025-03-01T10:00:00Z' },
  { template: 'welcome', phone: '447700900803', status: 'failed', timestamp: '2025-03-01T11:00:00Z' },
  { template: 'welcome', phone: '447700900801', status: 'sent', timestamp: '2025-03-02T09:00:00Z' },
  { template: 'welcome', phone: '447700900802', status: 'pending', timestamp: '2025-03-02T10:00:00Z' },
  { template: 'receipt', phone: '447700900803', status: 'read', timestamp: '2025-03-01T12:00:00Z' },
  // Late on 1 March in New York, already 2 March in UTC.
  { template: 'receipt', phone: '447700900801', status: 'delivered', timestamp: '2025-03-02T03:00:00Z' },
  { template: 'receipt', phone: '447700900802', status: 'read', timestamp: '2025-03-09T08:00:00Z' },
];

beforeAll(async () => {
  t = await createTestApp({ domains: ['templates'] });
  token = (await addUser(t, { username: 'analytics-agent' })).token;
  const { db } = t.ctx.database;
  const people = await db
    .insert(contacts)
    .values([
      { phone: '447700900801', waId: '447700900801', name: 'Ada' },
      { phone: '447700900802', waId: '447700900802', name: 'Bo' },
      { phone: '447700900803', waId: '447700900803', name: 'Cy' },
    ])
    .returning();
  const threads = await db
    .insert(conversations)
    .values(people.map((p) => ({ contactId: p.id, phoneNumberId: t.ctx.config.whatsapp.phoneNumberId })))
    .returning();
  const conversationOf = (phone: string) => threads[people.findIndex((p) => p.phone === phone)]?.id as number;
  const rows: (typeof messages.$inferInsert)[] = [
    ...seeded.map((m): typeof messages.$inferInsert => ({
      conversationId: conversationOf(m.phone),
      direction: 'outbound',
      type: 'template',
      templateName: m.template,
      content: { text: `${m.template} text`, template: { name: m.template, language: 'en_US' } },
      status: m.status,
      timestamp: at(m.timestamp),
      ...(m.status === 'failed' ? { failedAt: at(m.timestamp), errorCode: 131026, errorTitle: 'Message undeliverable' } : {}),
    })),
    // Not template messages: never counted.
    {
      conversationId: conversationOf('447700900801'),
      direction: 'outbound',
      type: 'text',
      status: 'read',
      timestamp: at('2025-03-01T09:30:00Z'),
    },
  ];
  await db.insert(messages).values(rows);
});
afterAll(() => t.close());

async function analytics(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/analytics/templates${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemplateAnalyticsResponse;
}

async function page(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/analytics/templates/messages${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { messages: TemplateMessageRow[]; pagination: { total: number; totalPages: number; page: number } };
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
    expect(huge.json().error).toMatch(/^interval: the range has more than 2000 hourly buckets/);
    const badInterval = await t.request({ method: 'GET', url: '/api/analytics/templates?interval=yearly', token });
    expect(badInterval.statusCode).toBe(400);
  });
});

describe('GET /api/analytics/templates/messages', () => {
  const range = '?startDate=2025-03-01&endDate=2025-03-09';

  it('pages the newest first, 10 by default, with recipients and statuses', async () => {
    const first = await page(range);
    expect(first.pagination).toMatchObject({ page: 1, total: 8, totalPages: 1 });
    expect(first.messages.map((m) => m.timestamp)).toEqual([...seeded.map((m) => at(m.timestamp).toISOString())].sort().reverse());
    const failed = first.messages.find((m) => m.status === 'failed');
    expect(failed).toMatchObject({
      templateName: 'welcome',
      language: 'en_US',
      recipient: { phone: '447700900803', name: 'Cy' },
      error: { code: 131026, title: 'Message undeliverable' },
    });
    const second = await page(`${range}&limit=3&page=3&sortOrder=asc`);
    expect(second.pagination).toMatchObject({ total: 8, totalPages: 3 });
    expect(second.messages.map((m) => m.timestamp)).toEqual(['2025-03-02T10:00:00.000Z', '2025-03-09T08:00:00.000Z']);
  });

  it('filters by template, status and recipient, and sorts by other columns', async () => {
    expect((await page(`${range}&templateName=receipt`)).pagination.total).toBe(3);
    expect((await page(`${range}&status=read`)).messages.every((m) => m.status === 'read')).toBe(true);
    expect((await page(`${range}&recipient=ada`)).messages.every((m) => m.recipient.name === 'Ada')).toBe(true);
    expect((await page(`${range}&recipient=%2B44 7700 900802`)).pagination.total).toBe(3);
    const byRecipient = await page(`${range}&sortBy=recipient&sortOrder=asc`);
    expect(byRecipient.messages.map((m) => m.recipient.phone)).toEqual([...byRecipient.messages.map((m) => m.recipient.phone)].sort());
    const bad = await t.request({ method: 'GET', url: `/api/analytics/templates/messages?sortBy=cost`, token });
    expect(bad.statusCode).toBe(400);
  });
});
