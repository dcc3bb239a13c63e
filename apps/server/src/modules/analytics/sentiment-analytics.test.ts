import type { SentimentAnalytics } from '@wac/contract/analytics';
import type { SentimentLabel } from '@wac/contract/sentiment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accuracyOf, correctionsSet } from './sentiment/accuracy.ts';
import { scoreSentiment } from './sentiment/score-sentiment.ts';
import { correctedMessages } from './sentiment-analytics.repository.ts';
import { NEGATIVE_MESSAGES } from './sentiment-analytics.service.ts';

/*
 * GET /api/analytics/sentiment against seeded rows: the rollups' sentiment counters, customers' messages scored as
 * the scorer scores them, and people's corrections.
 */

let t: TestApp;
let token: string;
let alice: number;
const conversation: Record<'ada' | 'bo' | 'cy' | 'dee', number> = { ada: 0, bo: 0, cy: 0, dee: 0 };

const query = (sql: string, values: unknown[] = []) => t.ctx.database.pool.query(sql, values);

/** A customer's text as stored once scored; `corrected` is a person's label over the scorer's. */
async function customerSays(conversationId: number, at: string, text: string, corrected?: SentimentLabel): Promise<void> {
  const { label, score, language } = scoreSentiment(text);
  await query(
    `INSERT INTO messages (conversation_id, direction, type, content, status, timestamp, sentiment_label, sentiment_score,
       sentiment_language, sentiment_model_label, sentiment_corrected_by, sentiment_corrected_at)
     VALUES ($1, 'inbound', 'text', jsonb_build_object('text', $2::text), 'received', $3, $4, $5, $6, $7, $8, $9)`,
    [conversationId, text, at, corrected ?? label, score, language, label, corrected ? alice : null, corrected ? at : null],
  );
}

async function sentiment(params: string): Promise<SentimentAnalytics> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/analytics/sentiment?${params}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SentimentAnalytics;
}

beforeAll(async () => {
  t = await createTestApp({ domains: ['analytics'] });
  token = (await addUser(t, { username: 'sentiment-viewer' })).token;
  alice = (await addUser(t, { username: 'alice' })).id;
  for (const [name, phone, number] of [
    ['ada', '447700900901', 'PN1'],
    ['bo', '447700900902', 'PN2'],
    ['cy', '447700900903', 'PN1'],
    ['dee', '447700900904', 'PN1'],
  ] as const) {
    const contact = (await query(`INSERT INTO contacts (phone, wa_id, name) VALUES ($1, $1, $2) RETURNING id`, [phone, name])).rows[0].id;
    conversation[name] = (
      await query(`INSERT INTO conversations (contact_id, phone_number_id) VALUES ($1, $2) RETURNING id`, [contact, number])
    ).rows[0].id;
  }
  await query(`UPDATE conversations SET session_state = 'agent', session_user_id = $1 WHERE id = $2`, [alice, conversation.ada]);

  await customerSays(conversation.ada, '2025-03-03T10:00:00Z', 'The delivery was late again 😡');
  await customerSays(conversation.ada, '2025-03-03T11:00:00Z', 'Terrible service, nobody answers');
  await customerSays(conversation.ada, '2025-03-04T09:00:00Z', 'Still late. Not helpful at all');
  await customerSays(conversation.ada, '2025-03-04T09:30:00Z', 'Thanks a lot, all good now');
  await customerSays(conversation.bo, '2025-03-04T12:00:00Z', 'O atendimento foi péssimo');
  await customerSays(conversation.cy, '2025-03-03T08:00:00Z', 'El pedido llegó roto');
  // The scorer read sarcasm as praise; a person corrected it.
  await customerSays(conversation.cy, '2025-03-03T08:30:00Z', 'Great, just great. Third time it is broken', 'negative');
  await customerSays(conversation.cy, '2025-03-10T08:00:00Z', 'Late again, awful'); // after the range
  // Two more corrections: one agreeing with the scorer, one turning a neutral question positive.
  await customerSays(conversation.bo, '2025-03-05T08:00:00Z', 'This is terrible', 'negative');
  await customerSays(conversation.bo, '2025-03-05T09:00:00Z', 'Where is my order?', 'positive');

  // The rollups' counters (their job is tested on its own): Monday 3 and Tuesday 4 March.
  await query(`
    INSERT INTO analytics_counts (measure, dimension, value, bucket, key, count, total) VALUES
      ('sentiment', '', '', '2025-03-03T09:00Z', 'positive', 4, 2.4),
      ('sentiment', '', '', '2025-03-03T09:00Z', 'neutral', 2, 0),
      ('sentiment', '', '', '2025-03-03T09:00Z', 'negative', 3, -1.9),
      ('sentiment', '', '', '2025-03-04T09:00Z', 'negative', 2, -1.3),
      ('sentiment', 'agent', '${alice}', '2025-03-03T09:00Z', 'negative', 2, -1.3),
      ('sentiment', 'number', 'PN2', '2025-03-04T09:00Z', 'negative', 1, -0.8)`);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/analytics/sentiment', () => {
  it('counts labels per day with the mean score, from the rollups', async () => {
    const answer = await sentiment('startDate=2025-03-03&endDate=2025-03-04');
    // (2.4 - 1.9 - 1.3) / 11 messages.
    expect(answer.totals).toEqual({ positive: 4, neutral: 2, negative: 5, averageScore: -0.073 });
    expect(answer.series).toEqual([
      { bucket: '2025-03-03T00:00:00.000Z', positive: 4, neutral: 2, negative: 3, averageScore: 0.056 },
      { bucket: '2025-03-04T00:00:00.000Z', positive: 0, neutral: 0, negative: 2, averageScore: -0.65 },
    ]);
  });

  it('lists the conversations with the most negative messages and the words behind them', async () => {
    const answer = await sentiment('startDate=2025-03-03&endDate=2025-03-04');
    expect(answer.mostNegative.map((c) => [c.name, c.phone, c.negativeMessages, c.lastNegativeAt])).toEqual([
      ['ada', '447700900901', 3, '2025-03-04T09:00:00.000Z'],
      // One of cy's two is negative by a person's correction.
      ['cy', '447700900903', 2, '2025-03-03T08:30:00.000Z'],
      ['bo', '447700900902', 1, '2025-03-04T12:00:00.000Z'],
    ]);
    const ada = answer.mostNegative[0];
    const adaScores = ['The delivery was late again 😡', 'Terrible service, nobody answers', 'Still late. Not helpful at all'].map(
      (text) => scoreSentiment(text).score,
    );
    expect(ada?.averageScore).toBeCloseTo(adaScores.reduce((sum, s) => sum + s, 0) / 3, 3);
    expect(ada?.conversationId).toBe(conversation.ada);
    expect(answer.negativeWords[0]).toEqual({ word: 'late', count: 2 });
    expect(answer.negativeWords.map((w) => w.word)).toEqual(
      expect.arrayContaining(['terrible', 'not helpful', 'pessimo', 'roto', 'broken', '😡']),
    );
    expect(answer.negativeWords.map((w) => w.word)).not.toContain('awful'); // after the range
  });

  it('narrows to an agent (the conversations they hold) or to a number', async () => {
    const ofAlice = await sentiment(`startDate=2025-03-03&endDate=2025-03-04&agentId=${alice}`);
    expect(ofAlice.totals).toMatchObject({ negative: 2, averageScore: -0.65 });
    expect(ofAlice.mostNegative.map((c) => c.name)).toEqual(['ada']);
    const ofNumber = await sentiment('startDate=2025-03-03&endDate=2025-03-04&phoneNumberId=PN2');
    expect(ofNumber.totals.negative).toBe(1);
    expect(ofNumber.mostNegative.map((c) => c.name)).toEqual(['bo']);
  });

  it(`reads the conversations and words from the range's latest ${NEGATIVE_MESSAGES} negative messages only`, async () => {
    await customerSays(conversation.ada, '2025-03-20T08:00:00Z', 'Awful, just awful');
    await query(
      `INSERT INTO messages (conversation_id, direction, type, content, status, timestamp, sentiment_label, sentiment_score)
       SELECT $1, 'inbound', 'text', '{"text": "This is bad"}', 'received', '2025-03-21T08:00:00Z'::timestamptz + n * interval '1 second', 'negative', -0.5
       FROM generate_series(1, $2::int) n`,
      [conversation.dee, NEGATIVE_MESSAGES],
    );
    const answer = await sentiment('startDate=2025-03-20&endDate=2025-03-21');
    expect(answer.mostNegative.map((c) => [c.name, c.negativeMessages])).toEqual([['dee', NEGATIVE_MESSAGES]]);
    expect(answer.negativeWords).toEqual([{ word: 'bad', count: NEGATIVE_MESSAGES }]);
  });

  it('states the accuracy on sets the scorer never saw and counts people’s corrections', async () => {
    const { accuracy } = await sentiment('startDate=2025-03-03&endDate=2025-03-04');
    expect(accuracy.sets.map((s) => [s.name, s.language, s.size])).toEqual([
      ['UCI amazon', 'en', 1000],
      ['UCI imdb', 'en', 1000],
      ['UCI yelp', 'en', 1000],
      ['own Spanish hold-out', 'es', 45],
      ['own Portuguese hold-out', 'pt', 45],
      ['corrections', 'mixed', 3],
    ]);
    for (const set of accuracy.sets.slice(0, 5)) expect(set.accuracy, set.name).toBeGreaterThanOrEqual(0.75);
    // The scorer said positive, negative and neutral; people said negative, negative and positive: one agreement.
    expect(accuracy.corrections).toEqual({ count: 3, agreement: 0.333 });
    // Measured again on the corrected texts with the people's labels: only "This is terrible" matches.
    expect(accuracy.sets[5]?.accuracy).toBe(0.333);
    expect(accuracy.statement).toMatch(/^Labels are a lexicon scorer's, not a person's: .* English review sentences/);
    expect(accuracy.statement).toContain('People corrected 3 labels; the scorer had agreed with them on 33%.');
  });

  it('hands people’s corrections to the accuracy module as a labelled set', async () => {
    const corrections = await correctedMessages(t.ctx.database.db, 10);
    expect(corrections).toEqual(
      expect.arrayContaining([
        { text: 'Great, just great. Third time it is broken', label: 'negative' },
        { text: 'This is terrible', label: 'negative' },
        { text: 'Where is my order?', label: 'positive' },
      ]),
    );
    expect(accuracyOf(correctionsSet(corrections))).toEqual({ name: 'corrections', language: 'mixed', size: 3, accuracy: 0.333 });
  });
});
