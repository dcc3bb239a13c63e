import type { Pool } from 'pg';
import { rollupSeed } from './rollup-seed.ts';

/*
 * A year of conversations seeded by SQL as the domains store them, scripted by a seeded random walk: customers write
 * around local midnights in New York and Kolkata, across New York's DST changes (9 March, 2 November 2025) and month
 * and week ends; the bot answers, hands over or an agent takes over, agents reply after waits of seconds to hours,
 * end conversations, customers come back (reopenings) days or weeks later; agents and a campaign send templates,
 * an API key sends; customers' texts carry sentiment labels, one corrected by a person.
 */

export interface Scenario {
  agents: number[];
  campaigns: number[];
  numbers: string[];
}

/** mulberry32: the same walk on every run. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Instants where local periods meet, in UTC: each conversation starts near one (give or take 25 minutes). */
const MEETINGS = [
  '2025-03-09T06:50:00Z', // 01:50 in New York, ten minutes before the clocks spring forward
  '2025-03-09T04:55:00Z', // New York's midnight into the 23-hour day
  '2025-03-10T03:50:00Z', // New York's midnight after it (EDT)
  '2025-11-02T05:40:00Z', // 01:40 EDT, the first pass of New York's repeated hour
  '2025-11-02T06:20:00Z', // 01:20 EST, its second pass
  '2025-11-02T03:55:00Z', // New York's midnight into the 25-hour day
  '2025-11-03T04:55:00Z', // New York's midnight after it (EST)
  '2025-06-10T18:25:00Z', // Kolkata's midnight (UTC+5:30)
  '2025-06-11T18:35:00Z',
  '2025-03-08T18:30:00Z',
  '2025-11-01T18:20:00Z',
  '2025-01-31T23:50:00Z', // month ends
  '2025-06-30T18:15:00Z',
  '2025-09-30T03:55:00Z',
  '2025-04-13T23:55:00Z', // a Sunday into Monday
  '2025-07-20T18:20:00Z',
  '2025-06-10T10:40:00Z', // mid-morning in Kolkata
  '2025-03-09T15:00:00Z',
];
const YEAR_START = Date.parse('2025-01-05T00:00:00Z');
const YEAR_MS = 350 * 86_400_000;

/** Waits in seconds an agent takes, across the histogram's bins (under a minute to over four hours). */
const WAITS = [3, 8, 17, 33, 48, 75, 130, 290, 420, 610, 1000, 2000, 3400, 5000, 9000, 16_000];
const OUTBOUND_STATUSES = ['pending', 'sent', 'delivered', 'delivered', 'read', 'read', 'read', 'failed'];
/** Scores a float4 holds exactly, so sums read back add up to the same thousandths. */
const SAYINGS = [
  { label: 'positive', score: 0.75, text: 'Thank you, that is great' },
  { label: 'positive', score: 0.5, text: 'Obrigado, ótimo' },
  { label: 'neutral', score: 0, text: 'What time do you open?' },
  { label: 'negative', score: -0.625, text: 'This is terrible, still broken' },
  { label: 'negative', score: -0.875, text: 'Awful service, muy malo' },
  { label: 'negative', score: -0.25, text: 'not happy' },
] as const;

export async function seedScenario(pool: Pool, conversations = 40): Promise<Scenario> {
  const seed = rollupSeed(pool);
  const random = randomOf(26);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const agents = [await seed.agent('ana'), await seed.agent('ben'), await seed.agent('cy')];
  const campaigns = [await seed.campaign('Spring sale'), await seed.campaign('Autumn news')];
  const apiKey = await seed.apiKey('crm');
  const numbers = ['pn-1', 'pn-2'];
  let corrected = false;

  let previous: { contactId: number; number: string } | undefined;
  for (let i = 0; i < conversations; i += 1) {
    const meeting = i < MEETINGS.length * 2 ? Date.parse(MEETINGS[i % MEETINGS.length] as string) : YEAR_START + random() * YEAR_MS;
    let t = Math.round((meeting + (random() - 0.5) * 50 * 60_000) / 1000) * 1000;
    // Now and then a customer already seen writes to the other number: one contact, two conversations.
    const again = i % 9 === 4 ? previous : undefined;
    const number = numbers[again ? Number(again.number === numbers[0]) : Number(i % 3 === 0)] as string;
    const { conversationId, contactId } = await seed.conversation(number, again?.contactId);
    previous = { contactId, number };
    // The session as the conversation's changes leave it (the closures below move it).
    const session = { state: 'bot' as 'bot' | 'agent' | 'ended', holder: null as number | null };
    const wait = (seconds: number) => {
      t += seconds * 1000;
      return new Date(t);
    };
    const move = async (to: typeof session.state, userId: number | null, reason: string, after: number) => {
      await seed.change({ conversationId, from: session.state, to, userId, reason, at: wait(after) });
      session.state = to;
      session.holder = to === 'agent' ? userId : null;
    };
    const customer = async (after: number) => {
      const saying = random() < 0.75 ? pick(SAYINGS) : null;
      const id = await seed.message({
        conversationId,
        direction: 'inbound',
        type: saying ? 'text' : pick(['image', 'text']),
        status: pick(['received', 'read']),
        at: wait(after),
        text: saying?.text,
        sentiment: saying && { label: saying.label, score: saying.score },
      });
      if (saying && !corrected && saying.label === 'positive') {
        corrected = true;
        await pool.query(
          `UPDATE messages SET sentiment_model_label = sentiment_label, sentiment_label = 'negative', sentiment_corrected_by = $2,
             sentiment_corrected_at = timestamp + interval '1 hour' WHERE id = $1`,
          [id, agents[0]],
        );
      }
    };
    const outbound = (after: number, extra: { userId?: number | null; templateName?: string; apiKeyId?: number; type?: string }) =>
      seed.message({ conversationId, direction: 'outbound', status: pick(OUTBOUND_STATUSES), at: wait(after), ...extra });

    // A business-initiated start: an agent's template or a campaign's, answered within a day or later.
    const opening = random();
    if (opening < 0.15) {
      await outbound(0, { userId: pick(agents), templateName: pick(['welcome', 'receipt']) });
      t += Math.round(random() * 30 * 3600) * 1000;
    } else if (opening < 0.3) {
      const send = await outbound(0, { templateName: 'promo' });
      await seed.recipient(pick(campaigns), send);
      t += Math.round(random() * 30 * 3600) * 1000;
    }

    const episodes = 1 + (random() < 0.45 ? 1 : 0) + (random() < 0.2 ? 1 : 0);
    for (let episode = 0; episode < episodes; episode += 1) {
      const last = episode === episodes - 1;
      if (episode > 0) t += Math.round((2 * 3600 + random() * 20 * 86_400) * 1000);
      await customer(0);
      if (session.state === 'ended') await move('bot', null, 'customer_returned', 2);
      if (random() < 0.5) await customer(5 + Math.round(random() * 80));
      if (random() < 0.7) await outbound(1, { type: pick(['text', 'interactive']) });
      if (random() < 0.15) await outbound(30, { apiKeyId: apiKey });
      const path = random();
      if (session.state !== 'agent' && path < 0.3) continue; // the bot handles it alone
      if (session.state !== 'agent' && path < 0.65) {
        await move('agent', null, 'bot_handoff', pick(WAITS));
        // Left waiting: no agent claims the last handoff.
        if (last && random() < 0.15) break;
        await move('agent', pick(agents), 'agent_takeover', pick([5, 40, 300]));
      } else if (session.state !== 'agent') {
        await move('agent', pick(agents), 'agent_takeover', pick(WAITS));
      }
      const rounds = 1 + Math.floor(random() * 3);
      for (let round = 0; round < rounds; round += 1) {
        const agent = session.holder ?? pick(agents);
        await outbound(pick(WAITS), { userId: agent, type: random() < 0.1 ? 'image' : 'text' });
        if (random() < 0.2) await outbound(20, { userId: agent });
        if (round < rounds - 1) await customer(30 + Math.round(random() * 600));
      }
      if (!last || random() < 0.6) await move('ended', session.holder, 'agent_ended', 60 + Math.round(random() * 3000));
    }
  }

  // Each conversation's session as its last change left it, as conversation-sessions.repository keeps it.
  await pool.query(`
    UPDATE conversations c SET session_state = s.to_state, session_user_id = CASE WHEN s.to_state = 'agent' THEN s.user_id END,
      session_changed_at = s.changed_at
    FROM (SELECT DISTINCT ON (conversation_id) * FROM conversation_session_changes ORDER BY conversation_id, changed_at DESC, id DESC) s
    WHERE s.conversation_id = c.id`);
  return { agents, campaigns, numbers };
}
