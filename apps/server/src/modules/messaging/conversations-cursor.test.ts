import type { ConversationSummary, conversationsResponseSchema } from '@wac/contract/chat';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contacts, conversations } from '../../db/schema.ts';

type ListAnswer = z.infer<typeof conversationsResponseSchema>;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ domains: ['messaging'] });
  token = await t.adminToken();
});
afterAll(() => t.close());

const get = (query: string) => t.request({ method: 'GET', url: `/api/agent/conversations?${query}`, token });
async function list(query: string): Promise<ListAnswer> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const idsOf = (answer: ListAnswer) => answer.conversations.map((c) => c.id);

/** Conversations stored as the webhook processor leaves them; `at` keeps PostgreSQL's microseconds, null: no message yet. */
async function addConversations(rows: { phone: string; name: string; at: string | null }[]): Promise<number[]> {
  const { db } = t.ctx.database;
  const added = await db
    .insert(contacts)
    .values(rows.map(({ phone, name }) => ({ phone, waId: phone, name })))
    .returning({ id: contacts.id });
  const stored = await db
    .insert(conversations)
    .values(
      rows.map(({ at }, i) => ({
        contactId: added[i]?.id as number,
        phoneNumberId: t.ctx.config.whatsapp.phoneNumberId,
        lastMessageAt: at === null ? null : sql`${at}::timestamptz`,
      })),
    )
    .returning({ id: conversations.id });
  return stored.map((r) => r.id);
}

async function walkByCursor(query: string, first?: ListAnswer): Promise<ListAnswer[]> {
  const pages = [first ?? (await list(query))];
  for (let cursor = pages[0]?.nextCursor; cursor; cursor = pages.at(-1)?.nextCursor) {
    pages.push(await list(`${query}&cursor=${cursor}`));
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe('GET /api/agent/conversations with a cursor', () => {
  beforeAll(async () => {
    // Ties on the time (the id decides), times a microsecond apart (finer than a JS Date), and two never written to.
    await addConversations([
      { phone: '447700800001', name: 'Tie One', at: '2026-03-01T10:00:00.000001Z' },
      { phone: '447700800002', name: 'Tie Two', at: '2026-03-01T10:00:00.000001Z' },
      { phone: '447700800003', name: 'Micro Later', at: '2026-03-01T10:00:00.000002Z' },
      { phone: '447700800004', name: 'Tie Three', at: '2026-03-01T10:00:00.000001Z' },
      { phone: '447700800005', name: 'Newest', at: '2026-03-02T09:00:00Z' },
      { phone: '447700800006', name: 'No Message One', at: null },
      { phone: '447700800007', name: 'Oldest', at: '2026-02-01T08:00:00Z' },
      { phone: '447700800008', name: 'No Message Two', at: null },
      { phone: '447700800009', name: 'Middle', at: '2026-02-15T12:30:00.5Z' },
    ]);
  });

  it('walks every conversation once, in the order and with the pagination of page-based paging', async () => {
    const byPage: ListAnswer[] = [];
    for (let page = 1; page <= 5; page += 1) byPage.push(await list(`limit=2&page=${page}`));
    const byCursor = await walkByCursor('limit=2');

    const names = (pages: ListAnswer[]) => pages.flatMap((p) => p.conversations.map((c) => c.contact.name));
    expect(names(byCursor)).toEqual([
      'Newest',
      'Micro Later',
      'Tie Three',
      'Tie Two',
      'Tie One',
      'Middle',
      'Oldest',
      'No Message Two',
      'No Message One',
    ]);
    expect(names(byCursor)).toEqual(names(byPage));
    expect(byCursor.map((p) => p.pagination)).toEqual(byPage.map((p) => p.pagination));
    expect(byCursor.at(-1)?.pagination).toEqual({ page: 5, limit: 2, total: 9, totalPages: 5 });
    expect(byCursor.at(-1)?.nextCursor).toBeNull();
    // Page-based answers carry the cursor of what follows them too, so a caller can switch.
    expect(idsOf(await list(`limit=2&cursor=${byPage[1]?.nextCursor}`))).toEqual(idsOf(byPage[2] as ListAnswer));
  });

  it('ends with a null cursor when the last page is full, and pages searches and date ranges alike', async () => {
    const whole = await list('limit=9');
    expect(whole.conversations).toHaveLength(9);
    expect(whole.nextCursor).toBeNull();

    const ties = await walkByCursor('limit=1&search=tie');
    expect(ties.map((p) => p.conversations[0]?.contact.name)).toEqual(['Tie Three', 'Tie Two', 'Tie One']);
    expect(ties.map((p) => p.pagination.page)).toEqual([1, 2, 3]);

    const february = await walkByCursor('limit=1&startDate=2026-02-01&endDate=2026-02-28');
    expect(february.map((p) => p.conversations[0]?.contact.name)).toEqual(['Middle', 'Oldest']);
  });

  it('answers 400 to a cursor it did not give out, or to a page beside a cursor', async () => {
    const { nextCursor } = await list('limit=2');
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not-a-cursor',
      encoded({ at: '2026-03-01', id: 3, offset: 2 }),
      encoded({ at: '2026-02-30T10:00:00.000000Z', id: 3, offset: 2 }),
      encoded({ at: '0000-01-01T00:00:00.000000Z', id: 3, offset: 2 }),
      encoded({ at: null, id: -1, offset: 2 }),
      encoded([1, 2, 3]),
    ];
    for (const cursor of bad) {
      const res = await get(`cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('cursor') });
    }
    const both = await get(`page=2&cursor=${nextCursor}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toContain('either page or cursor');
  });

  it('neither repeats nor skips into the walk a conversation that moves while it runs', async () => {
    const before = idsOf(await list('limit=9'));
    const first = await list('limit=3');
    expect(idsOf(first)).toEqual(before.slice(0, 3));
    // A new message moves one conversation already listed, and one not reached yet, to the top.
    const [seen, ahead] = [before[0] as number, before[4] as number];
    await t.ctx.database.db
      .update(conversations)
      .set({ lastMessageAt: new Date() })
      .where(inArray(conversations.id, [seen, ahead]));

    const walked = (await walkByCursor('limit=3', first)).flatMap(idsOf);
    expect(walked).toEqual(before.filter((id) => id !== ahead));
    // The console hears of both live; a fresh list shows them on top.
    expect(idsOf(await list('limit=2')).sort()).toEqual([seen, ahead].sort());
  });
});

describe('searching by phone number', () => {
  let exact: ConversationSummary;

  beforeAll(async () => {
    await addConversations([
      { phone: '447700912345', name: 'Exact Number', at: '2026-03-03T10:00:00Z' },
      { phone: '4447700912345', name: 'Longer Number', at: '2026-03-03T11:00:00Z' },
      { phone: '4477009123456', name: 'Extended Number', at: '2026-03-03T12:00:00Z' },
      { phone: '5511987654321', name: 'Brazilian Mobile', at: '2026-03-03T13:00:00Z' },
    ]);
    exact = (await list('search=Exact')).conversations[0] as ConversationSummary;
  });

  it('finds exactly the contact with a whole number, in any format, even when other numbers contain it', async () => {
    for (const search of ['447700912345', '+44 7700 912345', '0044 (7700) 912-345']) {
      const answer = await list(`search=${encodeURIComponent(search)}`);
      expect(idsOf(answer), search).toEqual([exact.id]);
      expect(answer.pagination.total).toBe(1);
    }
    // Written without Brazil's ninth digit, as WhatsApp reports it: the contacts' own rule finds the stored form.
    const brazil = await list(`search=${encodeURIComponent('+55 11 8765-4321')}`);
    expect(brazil.conversations.map((c) => c.contact.name)).toEqual(['Brazilian Mobile']);
  });

  it('matches any number containing the digits when no conversation has that whole number', async () => {
    const partial = await list(`search=${encodeURIComponent('7700 912345')}`);
    expect(partial.conversations.map((c) => c.contact.name)).toEqual(['Extended Number', 'Longer Number', 'Exact Number']);
    expect((await list('search=912345')).pagination.total).toBe(3);
  });
});
