import type { TemplateMessageRow } from '@wac/contract/template-analytics';
import type { MessageStatus } from '@wac/contract/whatsapp-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function page(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/analytics/templates/messages${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { messages: TemplateMessageRow[]; pagination: { total: number; totalPages: number; page: number } };
}

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
