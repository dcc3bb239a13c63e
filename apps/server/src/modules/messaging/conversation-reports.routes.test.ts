import {
  conversationReportQuerySchema,
  conversationReportResponseSchema,
  type conversationReportRowSchema,
} from '@wac/contract/conversation-reports';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { conversations, messages } from '../../db/schema.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { upsertContact } from './contact-identities.repository.ts';
import { conversationReportPages } from './conversation-reports.repository.ts';
import { createConversationReportsService } from './conversation-reports.service.ts';
import { insertInbound, upsertConversation } from './inbound-messages.repository.ts';
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
      // Scored as the scorer (running in this app) would score a plain text, so it never changes them mid-test.
      if (seed.direction === 'inbound' && id) {
        await tx.update(messages).set({ sentimentLabel: 'neutral', sentimentScore: 0 }).where(eq(messages.id, id));
      }
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
const CSV_HEADER =
  '"Conversation ID","Contact name","Phone","Messages","Inbound","Outbound","Failed","First message (UTC)","Last message (UTC)","Session state",' +
  '"Agent","Average sentiment","Negative messages","First response (s)","First response within business hours (s)","First response by",' +
  '"Resolution (s)","Resolved at (UTC)","Resolved by"';

describe('GET /api/reports/conversations', () => {
  it('counts each conversation’s messages within the range, latest activity first, with totals', async () => {
    const body = await rowsOf(JAN_10_14);
    expect(names(body)).toEqual(['=HYPERLINK("http://evil")', 'Ana Souza']);
    expect(body.rows[1]).toEqual({
      conversationId: conversationOf['Ana Souza'],
      contact: { id: expect.any(Number), name: 'Ana Souza', phone: '447700900801', waId: '447700900801', bsuid: null, username: null },
      messages: 3,
      inbound: 1,
      outbound: 2,
      failed: 1,
      firstMessageAt: '2025-01-10T09:00:00.000Z',
      lastMessageAt: '2025-01-11T12:00:00.000Z',
      sessionState: 'agent',
      agent: null,
      sentiment: { averageScore: 0, negativeMessages: 0 },
      firstResponse: null,
      resolution: null,
    });
    expect(body.totals).toEqual({ conversations: 2, messages: 4, inbound: 2, outbound: 2, failed: 1, negative: 0 });
    expect(body.pagination).toEqual({ page: 1, limit: 25, total: 2, totalPages: 1 });
  });

  it('covers all time when no dates are given', async () => {
    const body = await rowsOf('');
    expect(names(body)).toEqual(['Ana Souza', 'Dora', '=HYPERLINK("http://evil")', 'Carla']);
    expect(body.totals).toEqual({ conversations: 4, messages: 7, inbound: 5, outbound: 2, failed: 1, negative: 0 });
    expect((await rowsOf('?startDate=2025-01-16')).rows.map((r) => [r.contact.name, r.messages])).toEqual([['Ana Souza', 1]]);
  });

  it('searches contact names and phone numbers, totals following the search', async () => {
    expect(names(await rowsOf('?search=souza'))).toEqual(['Ana Souza']);
    expect(names(await rowsOf(`?search=${encodeURIComponent('+44 7700 900802')}`))).toEqual(['=HYPERLINK("http://evil")']);
    expect(names(await rowsOf('?search=55119'))).toEqual(['Carla']);
    expect((await rowsOf('?search=%25')).rows).toEqual([]);
    const searched = await rowsOf(`${JAN_10_14}&search=ana`);
    expect(searched.totals).toEqual({ conversations: 1, messages: 3, inbound: 1, outbound: 2, failed: 1, negative: 0 });
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
      `${CSV_HEADER}`,
      `${conversationOf['=HYPERLINK("http://evil")']},"'=HYPERLINK(""http://evil"")","447700900802",1,1,0,0,"2025-01-12T10:00:00.000Z","2025-01-12T10:00:00.000Z","bot",,0,0,,,,,,`,
      `${conversationOf['Ana Souza']},"Ana Souza","447700900801",3,1,2,1,"2025-01-10T09:00:00.000Z","2025-01-11T12:00:00.000Z","agent",,0,0,,,,,,`,
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

    const onePerPage = createConversationReportsService({
      database: t.ctx.database,
      timezone: t.ctx.appTimezone,
      showsTimes: async () => true,
      exportPageSize: 1,
    });
    const { csv } = await onePerPage.exportCsv(conversationReportQuerySchema.parse({}));
    const chunks: string[] = [];
    for await (const chunk of csv) chunks.push(String(chunk));
    expect(chunks).toHaveLength(1 + rows);
    expect(chunks.join('')).toBe(whole.body);

    const twoPerPage = createConversationReportsService({
      database: t.ctx.database,
      timezone: t.ctx.appTimezone,
      showsTimes: async () => true,
      exportPageSize: 2,
    });
    const filtered = await twoPerPage.exportCsv(conversationReportQuerySchema.parse({ startDate: '2025-01-10', endDate: '2025-01-14' }));
    let text = '';
    for await (const chunk of filtered.csv) text += String(chunk);
    expect(text).toBe((await t.request({ method: 'GET', url: `/api/reports/conversations/export${JAN_10_14}`, token: agent })).body);
  });

  it('holds one connection while pages are read and gives it back when the reader stops early', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    try {
      const pages = conversationReportPages(pool, { from: null, to: null }, 1);
      const first = await pages.next();
      expect(first.done ? [] : first.value.rows).toHaveLength(1);
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

describe('first-response and resolution times, holder and sentiment, with filters', () => {
  const NOV_1_7 = '?startDate=2026-11-01&endDate=2026-11-07';
  const users: Record<string, number> = {};
  const seeded: Record<string, number> = {};

  /** A conversation seeded by SQL: its messages, its session changes and the response samples the rollups would write. */
  async function seed(
    name: string,
    phone: string,
    state: { sessionState: 'bot' | 'agent' | 'ended'; holder?: string },
    rows: {
      messages: {
        at: string;
        direction: 'inbound' | 'outbound';
        by?: string;
        sentiment?: ['positive' | 'neutral' | 'negative', number];
        type?: string;
      }[];
      changes?: { at: string; from: string; to: string; by?: string; reason?: string }[];
      firstResponses?: { waitingSince: string; repliedAt: string; by: string; businessSeconds: number | null }[];
    },
  ) {
    const pool = t.ctx.database.pool;
    const { rows: contact } = await pool.query('INSERT INTO contacts (phone, wa_id, name) VALUES ($1, $1, $2) RETURNING id', [phone, name]);
    const { rows: conversation } = await pool.query(
      `INSERT INTO conversations (contact_id, phone_number_id, session_state, session_user_id) VALUES ($1, 'pn-report', $2, $3) RETURNING id`,
      [contact[0].id, state.sessionState, state.holder ? users[state.holder] : null],
    );
    const conversationId: number = conversation[0].id;
    seeded[name] = conversationId;
    const replies: number[] = [];
    for (const m of rows.messages) {
      const { rows: inserted } = await pool.query(
        `INSERT INTO messages (conversation_id, direction, type, content, status, timestamp, user_id, sentiment_label, sentiment_score)
         VALUES ($1, $2, $3, '{}', $4, $5, $6, $7, $8) RETURNING id`,
        [
          conversationId,
          m.direction,
          m.type ?? 'text',
          m.direction === 'inbound' ? 'received' : 'sent',
          m.at,
          m.by ? users[m.by] : null,
          m.sentiment?.[0] ?? null,
          m.sentiment?.[1] ?? null,
        ],
      );
      if (m.by) replies.push(inserted[0].id);
    }
    await pool.query(
      `UPDATE conversations SET last_message_at = (SELECT max(timestamp) FROM messages WHERE conversation_id = $1) WHERE id = $1`,
      [conversationId],
    );
    for (const c of rows.changes ?? []) {
      await pool.query(
        `INSERT INTO conversation_session_changes (conversation_id, from_state, to_state, reason, user_id, changed_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [conversationId, c.from, c.to, c.reason ?? null, c.by ? users[c.by] : null, c.at],
      );
    }
    for (const [i, f] of (rows.firstResponses ?? []).entries()) {
      const seconds = (Date.parse(f.repliedAt) - Date.parse(f.waitingSince)) / 1000;
      await pool.query(
        `INSERT INTO analytics_response_samples (reply_message_id, conversation_id, agent_id, kind, waiting_since, replied_at, bucket, seconds, business_seconds)
         VALUES ($1, $2, $3, 'first', $4, $5, date_bin('15 minutes', $5::timestamptz, timestamptz 'epoch'), $6, $7)`,
        [replies[i] ?? 1_000_000 + i, conversationId, users[f.by], f.waitingSince, f.repliedAt, seconds, f.businessSeconds],
      );
    }
  }

  beforeAll(async () => {
    users.nadia = (await t.createUser({ username: 'nadia' })).id;
    users.omar = (await t.createUser({ username: 'omar' })).id;
    // Opened on 2 November, answered by Nadia after 4 minutes, ended; reopened on the 3rd, Omar ended it after
    // 90 minutes; Nadia holds it now. An older opening's sample (October) is outside the range.
    await seed(
      'Bruno',
      '447700900901',
      { sessionState: 'agent', holder: 'nadia' },
      {
        messages: [
          { at: '2026-11-02T09:00:00Z', direction: 'inbound', sentiment: ['negative', -0.6] },
          { at: '2026-11-02T09:04:00Z', direction: 'outbound', by: 'nadia' },
          { at: '2026-11-02T10:00:00Z', direction: 'inbound', sentiment: ['positive', 0.4] },
          { at: '2026-11-03T08:00:00Z', direction: 'inbound', sentiment: ['neutral', 0.05] },
          { at: '2026-11-03T08:20:00Z', direction: 'outbound', by: 'omar' },
        ],
        changes: [
          { at: '2026-11-02T09:01:00Z', from: 'bot', to: 'agent', by: 'nadia', reason: 'agent_takeover' },
          { at: '2026-11-02T11:00:00Z', from: 'agent', to: 'ended', by: 'nadia' },
          { at: '2026-11-03T08:00:00Z', from: 'ended', to: 'bot', reason: 'customer_returned' },
          { at: '2026-11-03T08:10:00Z', from: 'bot', to: 'agent', by: 'omar', reason: 'agent_takeover' },
          { at: '2026-11-03T09:30:00Z', from: 'agent', to: 'ended', by: 'omar' },
          { at: '2026-11-08T10:00:00Z', from: 'ended', to: 'agent', by: 'nadia', reason: 'agent_takeover' },
        ],
        firstResponses: [
          { waitingSince: '2026-11-02T09:00:00Z', repliedAt: '2026-11-02T09:04:00Z', by: 'nadia', businessSeconds: 180 },
          { waitingSince: '2026-11-03T08:00:00Z', repliedAt: '2026-11-03T08:20:00Z', by: 'omar', businessSeconds: null },
        ],
      },
    );
    await t.ctx.database.pool.query(
      `INSERT INTO analytics_response_samples (reply_message_id, conversation_id, agent_id, kind, waiting_since, replied_at, bucket, seconds)
       VALUES (2000000, $1, $2, 'first', '2026-10-20T09:00Z', '2026-10-20T09:01Z', '2026-10-20T09:00Z', 60)`,
      [seeded.Bruno, users.omar],
    );
    // First wrote in October; Nadia ended it on 4 November: its resolution starts at that October message.
    await seed(
      'Chloe',
      '447700900902',
      { sessionState: 'ended' },
      {
        messages: [
          { at: '2026-10-30T10:00:00Z', direction: 'inbound', sentiment: ['positive', 0.7] },
          { at: '2026-11-04T10:00:00Z', direction: 'inbound', sentiment: ['positive', 0.8] },
          { at: '2026-11-04T10:30:00Z', direction: 'outbound', by: 'nadia' },
        ],
        changes: [{ at: '2026-11-04T12:00:00Z', from: 'agent', to: 'ended', by: 'nadia' }],
      },
    );
    // With the bot, late on the last day: one negative text and a photo nobody scores.
    await seed(
      'Dario',
      '447700900903',
      { sessionState: 'bot' },
      {
        messages: [
          { at: '2026-11-07T23:30:00Z', direction: 'inbound', sentiment: ['negative', -0.9] },
          { at: '2026-11-07T23:31:00Z', direction: 'inbound', type: 'image' },
        ],
      },
    );
  });

  const pick = (body: { rows: z.infer<typeof conversationReportRowSchema>[] }, name: string) =>
    body.rows.find((r) => r.contact.name === name);

  it('gives each conversation its first response, resolution, holder and sentiment in the range', async () => {
    const body = await rowsOf(NOV_1_7);
    expect(names(body)).toEqual(['Dario', 'Chloe', 'Bruno']);
    const bruno = pick(body, 'Bruno');
    expect(bruno?.agent).toEqual({ id: users.nadia, username: 'nadia' });
    // The mean of -0.6, 0.4 and 0.05, to three decimals.
    expect(bruno?.sentiment).toEqual({ averageScore: -0.05, negativeMessages: 1 });
    expect(bruno?.firstResponse).toEqual({
      seconds: 240,
      businessSeconds: 180,
      repliedAt: '2026-11-02T09:04:00.000Z',
      agent: { id: users.nadia, username: 'nadia' },
    });
    // The last end of the range (3 November, by Omar), from the reopening that started that episode.
    expect(bruno?.resolution).toEqual({
      seconds: 5400,
      startedAt: '2026-11-03T08:00:00.000Z',
      endedAt: '2026-11-03T09:30:00.000Z',
      agent: { id: users.omar, username: 'omar' },
    });

    const chloe = pick(body, 'Chloe');
    expect(chloe).toMatchObject({ messages: 2, agent: null, firstResponse: null, sentiment: { averageScore: 0.8, negativeMessages: 0 } });
    expect(chloe?.resolution).toEqual({
      seconds: 5 * 86_400 + 2 * 3600,
      startedAt: '2026-10-30T10:00:00.000Z',
      endedAt: '2026-11-04T12:00:00.000Z',
      agent: { id: users.nadia, username: 'nadia' },
    });

    const dario = pick(body, 'Dario');
    expect(dario).toMatchObject({ messages: 2, agent: null, firstResponse: null, resolution: null });
    expect(dario?.sentiment).toEqual({ averageScore: -0.9, negativeMessages: 1 });
    expect(body.totals).toEqual({ conversations: 3, messages: 9, inbound: 6, outbound: 3, failed: 0, negative: 2 });

    // Only the first day: Bruno's first sample and first end; the end is measured from the customer's first message.
    const firstDays = await rowsOf('?startDate=2026-11-02&endDate=2026-11-02');
    expect(pick(firstDays, 'Bruno')?.resolution).toMatchObject({ seconds: 7200, agent: { username: 'nadia' } });
    expect(pick(firstDays, 'Bruno')?.sentiment).toEqual({ averageScore: -0.1, negativeMessages: 1 });
    // October's sample belongs to a conversation that wrote nothing that month: not in October's report.
    expect(pick(await rowsOf('?startDate=2026-10-01&endDate=2026-10-31'), 'Bruno')).toBeUndefined();
  });

  it('filters by the agent holding it, its state and negative messages, the totals following', async () => {
    expect(names(await rowsOf(`${NOV_1_7}&agentId=${users.nadia}`))).toEqual(['Bruno']);
    expect(names(await rowsOf(`${NOV_1_7}&agentId=${users.omar}`))).toEqual([]);
    expect((await rowsOf(`${NOV_1_7}&agentId=987654`)).rows).toEqual([]);
    expect(names(await rowsOf(`${NOV_1_7}&sessionState=ended`))).toEqual(['Chloe']);
    const negative = await rowsOf(`${NOV_1_7}&sentiment=negative`);
    expect(names(negative)).toEqual(['Dario', 'Bruno']);
    expect(negative.totals).toMatchObject({ conversations: 2, negative: 2 });
    expect(names(await rowsOf(`${NOV_1_7}&sentiment=negative&sessionState=bot`))).toEqual(['Dario']);
    // Without dates (every message, one pass) the same filters hold.
    expect(names(await rowsOf('?sentiment=negative'))).toEqual(['Dario', 'Bruno']);
    expect(names(await rowsOf(`?agentId=${users.nadia}`))).toEqual(['Bruno']);
    expect(names(await rowsOf('?sessionState=ended'))).toEqual(['Chloe']);
  });

  it('lists the agents holding a conversation, whom the report can be filtered by', async () => {
    const res = await t.request({ method: 'GET', url: '/api/reports/conversations/agents', token: agent });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ agents: [{ id: users.nadia, username: 'nadia' }] });
  });

  it('refuses filters it does not know, naming them', async () => {
    for (const [query, field] of [
      ['?agentId=abc', 'agentId'],
      ['?agentId=0', 'agentId'],
      ['?agentId=99999999999', 'agentId'],
      ['?sessionState=closed', 'sessionState'],
      ['?sentiment=happy', 'sentiment'],
    ]) {
      const res = await report(query ?? '');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(field);
    }
  });

  it('exports the times, holder and sentiment in the CSV', async () => {
    const res = await t.request({ method: 'GET', url: `/api/reports/conversations/export${NOV_1_7}&sentiment=negative`, token: agent });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.slice(1)).toEqual([
      `${seeded.Dario},"Dario","447700900903",2,2,0,0,"2026-11-07T23:30:00.000Z","2026-11-07T23:31:00.000Z","bot",,-0.9,1,,,,,,`,
      `${seeded.Bruno},"Bruno","447700900901",5,3,2,0,"2026-11-02T09:00:00.000Z","2026-11-03T08:20:00.000Z","agent","nadia",-0.05,1,240,180,"nadia",5400,"2026-11-03T09:30:00.000Z","omar"`,
      '',
    ]);
  });

  it('needs the advancedReports feature of the licence to export and to show times; the report itself stays open', async () => {
    const timed = (await report(NOV_1_7))
      .json()
      .rows.filter((row: z.infer<typeof conversationReportRowSchema>) => row.firstResponse || row.resolution);
    expect(timed.length).toBeGreaterThan(0);
    expect((await applyKey(t, mintKey({ plan: 'basic' }), TEST_SECRET)).statusCode).toBe(200);
    const exported = await t.request({ method: 'GET', url: `/api/reports/conversations/export${NOV_1_7}`, token: agent });
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'advancedReports' });
    const open = await report(NOV_1_7);
    expect(open.statusCode).toBe(200);
    expect(open.json().rows.length).toBeGreaterThan(0);
    expect(
      open.json().rows.every((row: z.infer<typeof conversationReportRowSchema>) => row.firstResponse === null && row.resolution === null),
    ).toBe(true);
  });
});
