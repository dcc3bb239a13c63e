import { conversationReportQuerySchema, conversationReportResponseSchema } from '@wac/contract/conversation-reports';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { conversations, messages } from '../../db/schema.ts';
import { conversationReportPages } from './conversation-reports.repository.ts';
import { createConversationReportsService } from './conversation-reports.service.ts';
import { insertInbound, upsertContact, upsertConversation } from './inbound-messages.repository.ts';
import { insertOutbound } from './messages.repository.ts';

let t: TestApp;
let agent: string;
const conversationOf: Record<string, number> = {};

type Seed = { direction: 'inbound' | 'outbound'; at: string; failed?: boolean };

async function seedConversation(name: string, phone: string, seeds: Seed[]) {
  const db = t.ctx.database.db;
  await db.transaction(async (tx) => {
    const contact = await upsertContact(tx, { phone, waId: phone, name });
    const conversationId = await upsertConversation(tx, contact.id, t.ctx.config.whatsapp.phoneNumberId);
    conversationOf[name] = conversationId;
    for (const [i, seed] of seeds.entries()) {
      const timestamp = new Date(seed.at);
      const content = { text: `${name} ${i}` };
      const id =
        seed.direction === 'inbound'
          ? (await insertInbound(tx, { conversationId, wamid: `wamid.${phone}.${i}`, type: 'text', content, timestamp, error: null }))?.id
          : (await insertOutbound(tx, { conversationId, wamid: `wamid.${phone}.${i}`, type: 'text', content, timestamp })).message.id;
      if (seed.failed && id) await tx.update(messages).set({ status: 'failed', failedAt: timestamp }).where(eq(messages.id, id));
    }
  });
}

beforeAll(async () => {
  t = await createTestApp({ domains: ['messaging'] });
  agent = (await t.createUser({ username: 'report-reader' })).token;
  await seedConversation('Ana Souza', '447700900801', [
    { direction: 'inbound', at: '2025-01-10T09:00:00Z' },
    { direction: 'outbound', at: '2025-01-10T09:05:00Z' },
    { direction: 'outbound', at: '2025-01-11T12:00:00Z', failed: true },
    { direction: 'inbound', at: '2025-01-20T08:00:00Z' },
  ]);
  await seedConversation('=HYPERLINK("http://evil")', '447700900802', [{ direction: 'inbound', at: '2025-01-12T10:00:00Z' }]);
  await seedConversation('Carla', '5511987654321', [{ direction: 'inbound', at: '2025-01-05T10:00:00Z' }]);
  // Late on the 14th in São Paulo (UTC-3), already the 15th in UTC.
  await seedConversation('Dora', '447700900804', [{ direction: 'inbound', at: '2025-01-15T02:00:00Z' }]);
  await t.ctx.database.db
    .update(conversations)
    .set({ sessionState: 'agent' })
    .where(eq(conversations.id, conversationOf['Ana Souza'] ?? 0));
});
afterAll(() => t.close());

const report = async (query: string, token: string | null = agent) =>
  t.request({ method: 'GET', url: `/api/reports/conversations${query}`, ...(token ? { token } : {}) });
const rowsOf = async (query: string) => conversationReportResponseSchema.parse((await report(query)).json());
const names = (r: { rows: { contact: { name: string | null } }[] }) => r.rows.map((row) => row.contact.name);
const JAN_10_14 = '?startDate=2025-01-10&endDate=2025-01-14';

describe('GET /api/reports/conversations', () => {
  it('counts each conversation’s messages within the range, latest activity first, with totals', async () => {
    const body = await rowsOf(JAN_10_14);
    expect(names(body)).toEqual(['=HYPERLINK("http://evil")', 'Ana Souza']);
    expect(body.rows[1]).toEqual({
      conversationId: conversationOf['Ana Souza'],
      contact: { id: expect.any(Number), name: 'Ana Souza', phone: '447700900801', waId: '447700900801' },
      messages: 3,
      inbound: 1,
      outbound: 2,
      failed: 1,
      firstMessageAt: '2025-01-10T09:00:00.000Z',
      lastMessageAt: '2025-01-11T12:00:00.000Z',
      sessionState: 'agent',
    });
    expect(body.totals).toEqual({ conversations: 2, messages: 4, inbound: 2, outbound: 2, failed: 1 });
    expect(body.pagination).toEqual({ page: 1, limit: 25, total: 2, totalPages: 1 });
  });

  it('covers all time when no dates are given', async () => {
    const body = await rowsOf('');
    expect(names(body)).toEqual(['Ana Souza', 'Dora', '=HYPERLINK("http://evil")', 'Carla']);
    expect(body.totals).toEqual({ conversations: 4, messages: 7, inbound: 5, outbound: 2, failed: 1 });
    expect((await rowsOf('?startDate=2025-01-16')).rows.map((r) => [r.contact.name, r.messages])).toEqual([['Ana Souza', 1]]);
  });

  it('searches contact names and phone numbers, totals following the search', async () => {
    expect(names(await rowsOf('?search=souza'))).toEqual(['Ana Souza']);
    expect(names(await rowsOf(`?search=${encodeURIComponent('+44 7700 900802')}`))).toEqual(['=HYPERLINK("http://evil")']);
    expect(names(await rowsOf('?search=55119'))).toEqual(['Carla']);
    expect((await rowsOf('?search=%25')).rows).toEqual([]);
    const searched = await rowsOf(`${JAN_10_14}&search=ana`);
    expect(searched.totals).toEqual({ conversations: 1, messages: 3, inbound: 1, outbound: 2, failed: 1 });
  });

  it('pages, keeping the totals of the whole filtered set', async () => {
    const page2 = await rowsOf('?limit=2&page=2');
    expect(names(page2)).toEqual(['=HYPERLINK("http://evil")', 'Carla']);
    expect(page2.totals.conversations).toBe(4);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 4, totalPages: 2 });
    const beyond = await rowsOf('?limit=2&page=5');
    expect(beyond.rows).toEqual([]);
    expect(beyond.totals.messages).toBe(7);
  });

  it('refuses anonymous callers and bad dates, naming the field', async () => {
    expect((await report(JAN_10_14, null)).statusCode).toBe(401);
    const reversed = await report('?startDate=2025-01-14&endDate=2025-01-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toContain('startDate');
    const impossible = await report('?endDate=2025-13-01');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error).toContain('endDate');
  });
});

describe('GET /api/reports/conversations/export', () => {
  it('downloads every row of the same report as CSV, formulas defused', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/reports/conversations/export${JAN_10_14}&limit=1`,
      token: agent,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="conversations-2025-01-10-2025-01-14.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      '"Conversation ID","Contact name","Phone","Messages","Inbound","Outbound","Failed","First message (UTC)","Last message (UTC)","Session state"',
      `${conversationOf['=HYPERLINK("http://evil")']},"'=HYPERLINK(""http://evil"")","447700900802",1,1,0,0,"2025-01-12T10:00:00.000Z","2025-01-12T10:00:00.000Z","bot"`,
      `${conversationOf['Ana Souza']},"Ana Souza","447700900801",3,1,2,1,"2025-01-10T09:00:00.000Z","2025-01-11T12:00:00.000Z","agent"`,
      '',
    ]);
    expect((await t.request({ method: 'GET', url: '/api/reports/conversations/export' })).statusCode).toBe(401);
  });
});

describe('the CSV export, page by page', () => {
  it('streams the same bytes with pages smaller than the report: the header, then one chunk per page', async () => {
    const whole = await t.request({ method: 'GET', url: '/api/reports/conversations/export', token: agent });
    expect(whole.statusCode).toBe(200);
    const rows = whole.body.split('\r\n').length - 2;
    expect(rows).toBe(4);

    const onePerPage = createConversationReportsService({ database: t.ctx.database, timezone: t.ctx.appTimezone, exportPageSize: 1 });
    const { csv } = await onePerPage.exportCsv(conversationReportQuerySchema.parse({}));
    const chunks: string[] = [];
    for await (const chunk of csv) chunks.push(String(chunk));
    expect(chunks).toHaveLength(1 + rows);
    expect(chunks.join('')).toBe(whole.body);

    const twoPerPage = createConversationReportsService({ database: t.ctx.database, timezone: t.ctx.appTimezone, exportPageSize: 2 });
    const filtered = await twoPerPage.exportCsv(conversationReportQuerySchema.parse({ startDate: '2025-01-10', endDate: '2025-01-14' }));
    let text = '';
    for await (const chunk of filtered.csv) text += String(chunk);
    expect(text).toBe((await t.request({ method: 'GET', url: `/api/reports/conversations/export${JAN_10_14}`, token: agent })).body);
  });

  it('holds one connection while pages are read and gives it back when the reader stops early', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    try {
      const pages = conversationReportPages(pool, { from: null, to: null }, 1);
      expect((await pages.next()).value).toHaveLength(1);
      expect(pool.totalCount - pool.idleCount).toBe(1);
      await pages.return(undefined);
      expect(pool.idleCount).toBe(pool.totalCount);
      // The connection is usable again: its transaction was ended.
      expect((await pool.query('SELECT now() = statement_timestamp() AS fresh')).rows[0].fresh).toBe(true);
    } finally {
      await pool.end();
    }
  });
});

describe('dates in the app’s timezone', () => {
  it('take whole days where the business is', async () => {
    await setAppTimezone(t, 'America/Sao_Paulo');
    try {
      expect(names(await rowsOf(JAN_10_14))).toEqual(['Dora', '=HYPERLINK("http://evil")', 'Ana Souza']);
      expect(names(await rowsOf('?startDate=2025-01-15&endDate=2025-01-15'))).toEqual([]);
    } finally {
      await setAppTimezone(t, 'UTC');
    }
    expect(names(await rowsOf('?startDate=2025-01-15&endDate=2025-01-15'))).toEqual(['Dora']);
  });
});
