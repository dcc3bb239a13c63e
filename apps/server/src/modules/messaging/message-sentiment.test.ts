import { type MessageSentimentEvent, sentimentEventNames } from '@wac/contract/sentiment';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema.ts';
import { createListeningTestApp, eventually, type ListeningTestApp, listenToEvents } from '../../whatsapp/test/listening-test-app.ts';
import { createSentimentScoringWorker } from './sentiment-scoring.worker.ts';
import { customerWroteAt, HOUR_MS } from './test/chat-test-kit.ts';

let t: ListeningTestApp;
let adminToken: string;
let agent: { id: number; token: string };

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging', 'activities'] });
  adminToken = await t.adminToken();
  agent = await t.createUser({ username: 'sentiment-agent' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;

/** The rows as the scorer left them, once it has read every one. */
async function scoredRows(ids: number[]) {
  return eventually(async () => {
    const rows = await db().select().from(messages).where(inArray(messages.id, ids));
    return rows.every((row) => row.sentimentLabel !== null) ? new Map(rows.map((row) => [row.id, row])) : null;
  });
}

async function history(phone: string, token = adminToken) {
  const res = await t.request({ method: 'GET', url: `/api/agent/chat/${phone}`, token });
  expect(res.statusCode).toBe(200);
  return res.json() as { messages: { id: number; direction: string; sentiment: unknown }[] };
}

function correct(messageId: number, label: unknown, token = agent.token) {
  return t.request({ method: 'PUT', url: `/api/agent/messages/${messageId}/sentiment`, token, payload: { label } });
}

const written = [
  { language: 'en', label: 'positive', text: 'Thank you so much, the delivery was fast and the product is great! 😀' },
  { language: 'en', label: 'negative', text: 'This is not good at all: my order never arrived and nobody answers 😡' },
  { language: 'es', label: 'positive', text: 'Muchas gracias, el servicio fue excelente y muy rápido' },
  { language: 'es', label: 'negative', text: 'Es horrible, el pedido llegó roto y nadie me ayuda' },
  { language: 'pt', label: 'positive', text: 'Obrigado, o atendimento foi ótimo e a entrega muito rápida' },
  { language: 'pt', label: 'negative', text: 'Péssimo serviço, o produto chegou quebrado e ninguém responde' },
] as const;

describe('the sentiment of customers’ texts', () => {
  it('labels clearly positive and negative texts in English, Spanish and Portuguese once stored, and the history answers them', async () => {
    const base = Date.now() - HOUR_MS;
    const stored = await customerWroteAt(t, {
      from: '447700900801',
      name: 'Nora',
      texts: written.map(({ text }, i) => ({ text, at: new Date(base + i * 1000) })),
    });
    const rows = await scoredRows(stored.map((row) => row.id));

    expect(stored.map((row) => rows.get(row.id)?.sentimentLabel)).toEqual(written.map((w) => w.label));
    expect(stored.map((row) => rows.get(row.id)?.sentimentLanguage)).toEqual(written.map((w) => w.language));
    for (const row of rows.values()) {
      expect(Math.sign(row.sentimentScore ?? 0)).toBe(row.sentimentLabel === 'positive' ? 1 : -1);
      expect(row.sentimentModelLabel).toBeNull();
    }

    const answer = await history('447700900801', agent.token);
    expect(answer.messages.map((m) => m.sentiment)).toEqual(
      stored.map((row) => ({ label: rows.get(row.id)?.sentimentLabel, score: rows.get(row.id)?.sentimentScore, corrected: false })),
    );
  });

  it('tells open threads of the marks once a batch is scored', async () => {
    const log = await listenToEvents(t.baseUrl, agent.token);
    try {
      const [message] = await customerWroteAt(t, {
        from: '447700900802',
        texts: [{ text: 'I am very angry, the app keeps crashing and I lost my money', at: new Date() }],
      });
      if (!message) throw new Error('not stored');
      const event = await eventually(async () => log.events.find((e) => e.event === sentimentEventNames.messageSentiment));
      const payload = event.payload as MessageSentimentEvent;
      expect(payload.conversationId).toBe(message.conversationId);
      expect(payload.messages).toEqual([
        { messageId: message.id, sentiment: { label: 'negative', score: expect.any(Number), corrected: false } },
      ]);
    } finally {
      log.close();
    }
  });

  it('scores the history stored before the scorer existed and leaves every other message alone', async () => {
    const [first] = await customerWroteAt(t, { from: '447700900803', texts: [{ text: 'hello', at: new Date(Date.now() - 2 * HOUR_MS) }] });
    if (!first) throw new Error('not stored');
    await scoredRows([first.id]);
    // As an upgrade finds them: customers' texts with no label, beside an outbound text and a customer's image.
    const seeded = await db().execute<{ id: number }>(sql`
      INSERT INTO messages (conversation_id, direction, type, content, status, timestamp)
      SELECT ${first.conversationId}, 'inbound', 'text',
             jsonb_build_object('text', CASE WHEN n % 2 = 0 THEN 'Great service, thank you' ELSE 'Awful, still waiting for my refund' END),
             'received', now() - make_interval(mins => 600 - n)
      FROM generate_series(1, 450) AS n
      RETURNING id`);
    const others = await db().execute<{ id: number }>(sql`
      INSERT INTO messages (conversation_id, direction, type, content, status) VALUES
        (${first.conversationId}, 'outbound', 'text', '{"text": "Terrible news, sorry"}', 'sent'),
        (${first.conversationId}, 'inbound', 'image', '{"text": "awful photo"}', 'received')
      RETURNING id`);
    const worker = createSentimentScoringWorker(
      { db: db(), log: pino({ level: 'silent' }), broadcast: () => {} },
      { batchSize: 100, intervalMs: 60_000 },
    );
    worker.start();
    try {
      const rows = await scoredRows(seeded.rows.map((row) => row.id));
      const labels = seeded.rows.map((row, i) => [rows.get(row.id)?.sentimentLabel, i % 2 === 0 ? 'negative' : 'positive']);
      expect(labels.every(([got, want]) => got === want)).toBe(true);
    } finally {
      await worker.stop();
    }
    const untouched = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          inArray(
            messages.id,
            others.rows.map((row) => row.id),
          ),
          isNull(messages.sentimentLabel),
        ),
      );
    expect(untouched).toHaveLength(2);
  });
});

describe('correcting a label', () => {
  it('counts the person’s label, keeps the scorer’s, says who did it, and answers the corrected mark in the history', async () => {
    const [message] = await customerWroteAt(t, {
      from: '447700900804',
      name: 'Ana',
      texts: [{ text: 'Es horrible, el pedido llegó roto y nadie me ayuda', at: new Date() }],
    });
    if (!message) throw new Error('not stored');
    const scored = (await scoredRows([message.id])).get(message.id);
    expect(scored?.sentimentLabel).toBe('negative');

    const res = await correct(message.id, 'neutral');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      messageId: message.id,
      conversationId: message.conversationId,
      sentiment: { label: 'neutral', score: scored?.sentimentScore, corrected: true },
    });
    const [row] = await db().select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ sentimentLabel: 'neutral', sentimentModelLabel: 'negative', sentimentCorrectedBy: agent.id });
    expect(row?.sentimentCorrectedAt).toBeInstanceOf(Date);

    // A second person's correction keeps what the scorer said, not the first person's label.
    expect((await correct(message.id, 'positive', adminToken)).statusCode).toBe(200);
    const [again] = await db().select().from(messages).where(eq(messages.id, message.id));
    expect(again).toMatchObject({ sentimentLabel: 'positive', sentimentModelLabel: 'negative', sentimentScore: scored?.sentimentScore });

    const answer = await history('447700900804');
    expect(answer.messages.find((m) => m.id === message.id)?.sentiment).toEqual({
      label: 'positive',
      score: scored?.sentimentScore,
      corrected: true,
    });

    const activities = await t.request({ method: 'GET', url: '/api/activities?type=sentiment_corrected&limit=10', token: adminToken });
    const found = (activities.json().activities as { userId: number; data: Record<string, unknown> }[]).filter(
      (a) => a.data.messageId === message.id,
    );
    expect(found.map((a) => [a.userId, a.data.status, a.data.details, a.data.name])).toEqual([
      [expect.any(Number), 'positive', 'was neutral', 'Ana'],
      [agent.id, 'neutral', 'was negative', 'Ana'],
    ]);
  });

  it('tells every open thread of the correction', async () => {
    const [message] = await customerWroteAt(t, { from: '447700900805', texts: [{ text: 'Great service, thank you', at: new Date() }] });
    if (!message) throw new Error('not stored');
    await scoredRows([message.id]);
    const log = await listenToEvents(t.baseUrl, adminToken);
    try {
      expect((await correct(message.id, 'negative')).statusCode).toBe(200);
      const event = await eventually(async () =>
        log.events.find(
          (e) =>
            e.event === sentimentEventNames.messageSentiment && (e.payload as MessageSentimentEvent).messages[0]?.messageId === message.id,
        ),
      );
      expect((event.payload as MessageSentimentEvent).messages[0]?.sentiment).toMatchObject({ label: 'negative', corrected: true });
    } finally {
      log.close();
    }
  });

  it('answers 400 for a label that is not one of the three, 404 for an unknown id or a message that is not a customer’s text, 401 signed out', async () => {
    const [message] = await customerWroteAt(t, { from: '447700900806', texts: [{ text: 'hello there', at: new Date() }] });
    if (!message) throw new Error('not stored');
    const bad = await correct(message.id, 'furious');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/label/);
    expect((await correct(message.id, undefined)).statusCode).toBe(400);

    const outbound = await db().execute<{ id: number }>(sql`
      INSERT INTO messages (conversation_id, direction, type, content, status) VALUES
        (${message.conversationId}, 'outbound', 'text', '{"text": "Hi!"}', 'sent'),
        (${message.conversationId}, 'inbound', 'image', '{}', 'received')
      RETURNING id`);
    for (const id of [999_999, ...outbound.rows.map((row) => row.id)]) {
      const res = await correct(id, 'neutral');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('No customer text with this id: only customers’ texts carry a sentiment');
    }
    const anonymous = await t.request({ method: 'PUT', url: `/api/agent/messages/${message.id}/sentiment`, payload: { label: 'neutral' } });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await db().select().from(messages).where(eq(messages.id, message.id));
    expect(row?.sentimentCorrectedAt).toBeNull();
  });

  it('keeps the scorer’s reading for a text corrected before the scorer reached it', async () => {
    const [message] = await customerWroteAt(t, { from: '447700900807', texts: [{ text: 'hi', at: new Date() }] });
    if (!message) throw new Error('not stored');
    await scoredRows([message.id]);
    const [unscored] = await db()
      .insert(messages)
      .values({
        conversationId: message.conversationId,
        direction: 'inbound',
        type: 'text',
        content: { text: 'Awful, still waiting for my refund' },
        status: 'received',
      })
      .returning();
    if (!unscored) throw new Error('not inserted');
    expect((await correct(unscored.id, 'neutral')).statusCode).toBe(200);
    const [row] = await db().select().from(messages).where(eq(messages.id, unscored.id));
    expect(row).toMatchObject({ sentimentLabel: 'neutral', sentimentModelLabel: 'negative', sentimentLanguage: 'en' });
    expect(row?.sentimentScore).toBeLessThan(0);
  });
});

describe('the OpenAPI document', () => {
  it('describes the correction and the sentiment of each message in the chat history', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const put = doc.paths['/api/agent/messages/{id}/sentiment'].put;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(put.description).toMatch(/scorer’s own label is kept/);
    const history = JSON.stringify(doc.paths['/api/agent/chat/{phone}'].get.responses['200']);
    expect(history).toContain('`label` is the one counted');
  });
});
