import { type BusinessHours, defaultBusinessHours } from '@wac/contract/business-hours';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../../test/app-settings.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { createFreshDatabase } from '../../../../test/test-database.ts';
import type { Database } from '../../../db/database.ts';
import { binOf } from '../response-bins.ts';
import { countsByPeriod } from '../rollups.repository.ts';
import { rollupSeed, rollupSnapshot } from '../test/rollup-seed.ts';
import { type RollupSettings, recomputeBuckets } from './recompute-buckets.ts';
import { BUSY_SHARE, type RollupPace, rebuildProgress, rebuildRollups, runRollups, takeDirtyBuckets } from './run-rollups.ts';
import { businessSecondsBetween } from './source-rules.ts';

const weekdays9to5 = defaultBusinessHours.days;

async function withDatabase(test: (database: Database) => Promise<void>): Promise<void> {
  const database = await createFreshDatabase();
  try {
    await test(database);
  } finally {
    await database.close();
  }
}

const rowsOf = async (database: Database, text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows;

/** analytics_counts of a measure over every bucket, dimension '' unless given, summed per key. */
async function countsOf(database: Database, measure: string, dimension = '', value = '') {
  const rows = await rowsOf(
    database,
    `SELECT key, sum(count)::int AS count, sum(total)::float8 AS total FROM analytics_counts
     WHERE measure = $1 AND dimension = $2 AND value = $3 GROUP BY key ORDER BY key`,
    [measure, dimension, value],
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.count]));
}

describe('response times on scripted conversations', () => {
  it('counts first responses from the opening, the bot’s handoff or the reopening, reply times from each wait, with exact seconds and bins', async () => {
    await withDatabase(async (database) => {
      const seed = rollupSeed(database.pool);
      const [ana, ben] = [await seed.agent('ana'), await seed.agent('ben')];
      const day = (time: string) => `2025-03-03T${time}Z`; // a Monday
      const replies: Record<string, number> = {};

      // A: the customer writes twice, Ana takes it and answers after 120 s (from the first message), then a wait of 45 s.
      const a = await seed.conversation();
      await seed.message({ conversationId: a.conversationId, direction: 'inbound', at: day('10:00:00') });
      await seed.message({ conversationId: a.conversationId, direction: 'inbound', at: day('10:00:30') });
      await seed.change({ conversationId: a.conversationId, from: 'bot', to: 'agent', userId: ana, at: day('10:01:30') });
      replies.a1 = await seed.message({ conversationId: a.conversationId, direction: 'outbound', userId: ana, at: day('10:02:00') });
      await seed.message({ conversationId: a.conversationId, direction: 'inbound', at: day('10:05:00') });
      replies.a2 = await seed.message({ conversationId: a.conversationId, direction: 'outbound', userId: ana, at: day('10:05:45') });
      // A second reply in a row answers no wait.
      await seed.message({ conversationId: a.conversationId, direction: 'outbound', userId: ana, at: day('10:06:00') });

      // B: the bot talks first and hands over at 11:03; Ben claims it and answers 20 s after the handoff.
      const b = await seed.conversation();
      await seed.message({ conversationId: b.conversationId, direction: 'inbound', at: day('11:00:00') });
      await seed.message({ conversationId: b.conversationId, direction: 'outbound', at: day('11:00:01') });
      await seed.message({ conversationId: b.conversationId, direction: 'inbound', at: day('11:01:00') });
      await seed.change({ conversationId: b.conversationId, from: 'bot', to: 'agent', reason: 'bot_handoff', at: day('11:03:00') });
      await seed.change({ conversationId: b.conversationId, from: 'agent', to: 'agent', userId: ben, at: day('11:03:10') });
      replies.b1 = await seed.message({ conversationId: b.conversationId, direction: 'outbound', userId: ben, at: day('11:03:20') });
      await seed.message({ conversationId: b.conversationId, direction: 'inbound', at: day('11:10:00') });
      replies.b2 = await seed.message({ conversationId: b.conversationId, direction: 'outbound', userId: ben, at: day('11:12:00') });

      // C: taken, answered in 60 s, ended after 30 min; the customer comes back at 13:00 and waits 10 min.
      const c = await seed.conversation();
      await seed.message({ conversationId: c.conversationId, direction: 'inbound', at: day('12:00:00') });
      await seed.change({ conversationId: c.conversationId, from: 'bot', to: 'agent', userId: ana, at: day('12:00:30') });
      replies.c1 = await seed.message({ conversationId: c.conversationId, direction: 'outbound', userId: ana, at: day('12:01:00') });
      await seed.change({
        conversationId: c.conversationId,
        from: 'agent',
        to: 'ended',
        userId: ana,
        reason: 'agent_ended',
        at: day('12:30:00'),
      });
      await seed.message({ conversationId: c.conversationId, direction: 'inbound', at: day('13:00:00') });
      await seed.change({ conversationId: c.conversationId, from: 'ended', to: 'bot', reason: 'customer_returned', at: day('13:00:02') });
      await seed.change({ conversationId: c.conversationId, from: 'bot', to: 'agent', userId: ana, at: day('13:05:00') });
      replies.c2 = await seed.message({ conversationId: c.conversationId, direction: 'outbound', userId: ana, at: day('13:10:00') });

      // D: the bot alone.
      const d = await seed.conversation();
      await seed.message({ conversationId: d.conversationId, direction: 'inbound', at: day('14:00:00') });
      await seed.message({ conversationId: d.conversationId, direction: 'outbound', at: day('14:00:02') });

      // E: a minute before closing on Monday, answered a minute after opening on Tuesday: 2 business minutes.
      const e = await seed.conversation();
      await seed.message({ conversationId: e.conversationId, direction: 'inbound', at: day('16:59:00') });
      await seed.change({ conversationId: e.conversationId, from: 'bot', to: 'agent', userId: ben, at: day('16:59:30') });
      replies.e1 = await seed.message({ conversationId: e.conversationId, direction: 'outbound', userId: ben, at: '2025-03-04T09:01:00Z' });

      await runRollups(database.db, { timezone: 'UTC', businessDays: weekdays9to5 });

      const samples = await rowsOf(
        database,
        'SELECT reply_message_id, kind, waiting_since, seconds, business_seconds, agent_id FROM analytics_response_samples ORDER BY reply_message_id',
      );
      const sample = (reply: number, kind: string, since: string, seconds: number, agent: number, businessSeconds = seconds) => ({
        reply_message_id: reply,
        kind,
        waiting_since: new Date(since),
        seconds,
        business_seconds: businessSeconds,
        agent_id: agent,
      });
      expect(samples).toEqual([
        sample(replies.a1, 'first', day('10:00:00'), 120, ana),
        sample(replies.a2, 'reply', day('10:05:00'), 45, ana),
        sample(replies.b1, 'first', day('11:03:00'), 20, ben),
        sample(replies.b2, 'reply', day('11:10:00'), 120, ben),
        sample(replies.c1, 'first', day('12:00:00'), 60, ana),
        sample(replies.c2, 'first', day('13:00:00'), 600, ana),
        sample(replies.e1, 'first', day('16:59:00'), 57_720, ben, 120),
      ]);

      const bins = (...seconds: number[]) => {
        const counted: Record<string, number> = {};
        for (const s of seconds) counted[String(binOf(s))] = (counted[String(binOf(s))] ?? 0) + 1;
        return counted;
      };
      expect(await countsOf(database, 'first_response')).toEqual(bins(120, 20, 60, 600, 57_720));
      expect(await countsOf(database, 'reply_time')).toEqual(bins(120, 45, 20, 120, 60, 600, 57_720));
      expect(await countsOf(database, 'first_response_bh')).toEqual(bins(120, 20, 60, 600, 120));
      expect(await countsOf(database, 'first_response', 'agent', String(ben))).toEqual(bins(20, 57_720));
      expect(await countsOf(database, 'resolution')).toEqual(bins(1800));
      const [firstResponseTotal] = await rowsOf(
        database,
        `SELECT sum(total)::int AS total FROM analytics_counts WHERE measure = 'first_response' AND dimension = ''`,
      );
      expect(firstResponseTotal?.total).toBe(120 + 20 + 60 + 600 + 57_720);

      expect(await countsOf(database, 'conversations')).toEqual({
        opened: 5,
        reopened: 1,
        handed_off: 1,
        taken_over: 4,
        resolved: 1,
        bot_handled: 1,
      });
      expect(await countsOf(database, 'conversations', 'agent', String(ana))).toEqual({ taken_over: 3, resolved: 1 });
    });
  });
});

describe('counters per 15-minute bucket read as local periods', () => {
  it('sum to the counts made directly from the rows across local midnights, DST changes and UTC+5:30 / +5:45', async () => {
    await withDatabase(async (database) => {
      const seed = rollupSeed(database.pool);
      const agent = await seed.agent('zoe');
      const customers = [await seed.conversation(), await seed.conversation(), await seed.conversation()];
      const instants = [
        // London's clocks go forward at 01:00 UTC on 30 March 2025.
        '2025-03-29T23:30:00Z',
        '2025-03-30T00:10:00Z',
        '2025-03-30T00:59:59Z',
        '2025-03-30T01:00:00Z',
        '2025-03-30T22:59:59Z',
        '2025-03-30T23:00:00Z',
        // Midnight in Kolkata (+5:30) and Kathmandu (+5:45).
        '2025-03-31T18:29:59Z',
        '2025-03-31T18:30:00Z',
        '2025-03-31T18:14:59Z',
        '2025-03-31T18:15:00Z',
        '2025-03-31T18:16:00Z',
        // New York's clocks go forward at 07:00 UTC on 9 March 2025.
        '2025-03-09T04:59:59Z',
        '2025-03-09T05:00:00Z',
        '2025-03-09T06:59:59Z',
        '2025-03-09T07:00:00Z',
      ];
      for (const [i, at] of instants.entries()) {
        const { conversationId } = customers[i % customers.length] as { conversationId: number };
        await seed.message({ conversationId, direction: 'inbound', at });
        if (i % 2 === 0) await seed.message({ conversationId, direction: 'outbound', userId: agent, at: new Date(Date.parse(at) + 1000) });
      }
      const from = new Date('2025-03-01T00:00:00Z');
      const to = new Date('2025-04-03T00:00:00Z');

      for (const timezone of ['Europe/London', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York']) {
        await runRollups(database.db, { timezone, businessDays: null });
        for (const interval of ['day', 'hour'] as const) {
          const read = await countsByPeriod(database.db, { measure: 'messages' }, { from, to, timezone, interval });
          const perPeriod = new Map<string, number>();
          for (const row of read) perPeriod.set(row.period.toISOString(), (perPeriod.get(row.period.toISOString()) ?? 0) + row.count);
          const direct = await rowsOf(
            database,
            `SELECT date_trunc($2, timestamp AT TIME ZONE $1) AT TIME ZONE $1 AS period, count(*)::int AS count
             FROM messages GROUP BY 1 ORDER BY 1`,
            [timezone, interval],
          );
          expect([...perPeriod], `${timezone} ${interval}`).toEqual(direct.map((row) => [row.period.toISOString(), row.count]));
        }
        // Distinct customers, agents and conversations per local day and hour, in the timezone the rollups were built with.
        const active = await rowsOf(
          database,
          `SELECT period, kind, period_start, count FROM analytics_active_counts WHERE period IN ('day', 'hour') ORDER BY 1, 2, 3`,
        );
        const directActive = await rowsOf(
          database,
          `SELECT p.period, k.kind, date_trunc(p.period, m.timestamp AT TIME ZONE $1) AS period_start, count(DISTINCT k.subject)::int AS count
           FROM messages m JOIN conversations c ON c.id = m.conversation_id
           CROSS JOIN LATERAL (VALUES ('conversation', m.conversation_id),
             ('customer', CASE WHEN m.direction = 'inbound' THEN c.contact_id END),
             ('agent', m.user_id)) k(kind, subject)
           CROSS JOIN (VALUES ('day'), ('hour')) p(period)
           WHERE k.subject IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
          [timezone],
        );
        expect(active, timezone).toEqual(directActive);
      }
    });
  });
});

describe('rollups kept up to date', () => {
  it('equal rollups rebuilt from scratch after a stream of inserts, status and sentiment updates and session changes', async () => {
    await withDatabase(async (database) => {
      const seed = rollupSeed(database.pool);
      const settings: RollupSettings = { timezone: 'Asia/Kathmandu', businessDays: weekdays9to5 };
      const keep = () => runRollups(database.db, settings);
      const at = (minutes: number) => new Date(Date.parse('2025-05-05T08:00:00Z') + minutes * 60_000);
      const [ana, ben] = [await seed.agent('ana'), await seed.agent('ben')];
      const support = await seed.flow('support');
      await keep();

      const one = await seed.conversation('pn-1');
      const first = await seed.message({ conversationId: one.conversationId, direction: 'inbound', at: at(0) });
      await keep();
      await seed.flowSession({ flowId: support, conversationId: one.conversationId, at: at(0.1) });
      await seed.message({ conversationId: one.conversationId, direction: 'outbound', at: at(0.2) });
      await keep();
      await seed.change({ conversationId: one.conversationId, from: 'bot', to: 'agent', reason: 'bot_handoff', at: at(3) });
      await keep();
      await seed.change({ conversationId: one.conversationId, from: 'agent', to: 'agent', userId: ana, at: at(4) });
      const reply = await seed.message({ conversationId: one.conversationId, direction: 'outbound', userId: ana, at: at(5) });
      await keep();
      await database.pool.query(`UPDATE messages SET status = 'delivered' WHERE id = $1`, [reply]);
      await database.pool.query(`UPDATE messages SET sentiment_label = 'negative', sentiment_score = -0.6 WHERE id = $1`, [first]);
      await keep();
      await database.pool.query(`UPDATE messages SET status = 'read' WHERE id = $1`, [reply]);
      await seed.message({
        conversationId: one.conversationId,
        direction: 'inbound',
        at: at(20),
        sentiment: { label: 'positive', score: 0.7 },
      });
      await seed.message({ conversationId: one.conversationId, direction: 'outbound', userId: ana, at: at(26) });
      await seed.change({ conversationId: one.conversationId, from: 'agent', to: 'ended', userId: ana, at: at(40) });
      await keep();

      // A template Ben sends, answered two hours later (the answer's bucket moves the send's engagement).
      const two = await seed.conversation('pn-2');
      const welcome = await seed.message({
        conversationId: two.conversationId,
        direction: 'outbound',
        userId: ben,
        templateName: 'welcome',
        at: at(60),
      });
      await keep();
      await database.pool.query(`UPDATE messages SET status = 'delivered' WHERE id = $1`, [welcome]);
      await keep();
      await seed.message({ conversationId: two.conversationId, direction: 'inbound', at: at(180) });
      await keep();

      // A campaign send, read, answered the next day, too late to count as replied.
      const three = await seed.conversation('pn-1');
      const promo = await seed.message({
        conversationId: three.conversationId,
        direction: 'outbound',
        templateName: 'promo',
        status: 'read',
        at: at(90),
      });
      await seed.campaignSend(promo);
      await keep();
      await seed.message({ conversationId: three.conversationId, direction: 'inbound', at: at(90 + 26 * 60) });
      await keep();

      // The first customer comes back the next day (a reopening), is taken over and answered.
      await seed.message({ conversationId: one.conversationId, direction: 'inbound', at: at(24 * 60) });
      await seed.change({
        conversationId: one.conversationId,
        from: 'ended',
        to: 'bot',
        reason: 'customer_returned',
        at: at(24 * 60 + 0.05),
      });
      await keep();
      await seed.change({ conversationId: one.conversationId, from: 'bot', to: 'agent', userId: ben, at: at(24 * 60 + 30) });
      await seed.message({ conversationId: one.conversationId, direction: 'outbound', userId: ben, at: at(24 * 60 + 31) });
      await keep();

      // A late delivery of an older customer message (a webhook backlog), before a reply already counted.
      const four = await seed.conversation('pn-2');
      await seed.message({ conversationId: four.conversationId, direction: 'inbound', at: at(300) });
      await seed.change({ conversationId: four.conversationId, from: 'bot', to: 'agent', userId: ana, at: at(301) });
      await seed.message({ conversationId: four.conversationId, direction: 'outbound', userId: ana, at: at(302) });
      await keep();
      await seed.message({ conversationId: four.conversationId, direction: 'inbound', at: at(250) });
      await keep();

      const kept = await rollupSnapshot(database.pool);
      expect(await countsOf(database, 'engagement')).toEqual({
        'campaign:delivered': 1,
        'campaign:read': 1,
        'campaign:sent': 1,
        'template:delivered': 2,
        'template:read': 1,
        'template:replied': 1,
        'template:sent': 2,
      });
      expect(await countsOf(database, 'conversations', 'flow', String(support))).toEqual({ handed_off: 1, opened: 1, resolved: 1 });
      expect(await countsOf(database, 'sentiment', 'agent', String(ana))).toEqual({ positive: 1 });
      expect(kept.samples.length).toBeGreaterThan(0);
      expect(kept.retention.length).toBeGreaterThan(0);
      // The local hours, days and months were kept up to date batch by batch, and hold the same sums.
      expect(kept.local.filter((row) => row.grain === 'month').length).toBeGreaterThan(0);

      await rebuildRollups(database.db, settings);
      await runRollups(database.db, settings);
      expect(await rollupSnapshot(database.pool)).toEqual(kept);
      expect(await rebuildProgress(database.db)).toMatchObject({ cursor: null, finishedAt: expect.any(String) });
      // Vacuumed once rebuilt, so that reads are index-only scans at once.
      const { rows: vacuumed } = await database.pool.query<{ relname: string }>(
        `SELECT relname FROM pg_stat_user_tables WHERE relname IN ('analytics_counts', 'analytics_local_counts') AND last_vacuum IS NOT NULL`,
      );
      expect(vacuumed.map((row) => row.relname).sort()).toEqual(['analytics_counts', 'analytics_local_counts']);
    });
  });
});

describe('the rollup job', () => {
  it('runs in the server: builds the rollups on first start, then keeps them up to date and rebuilds on a new timezone', async () => {
    const t = await createTestApp({ domains: ['analytics-rollups'] });
    try {
      const database = t.ctx.database as Database;
      const seed = rollupSeed(database.pool);
      const { conversationId } = await seed.conversation();
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T23:50:00Z' });
      const settled = async (expected: Record<string, number>, timezone: string) => {
        await expect
          .poll(
            async () => ({
              counts: await countsOf(database, 'messages'),
              built: (await rowsOf(database, `SELECT value FROM analytics_state WHERE key = 'built'`))[0]?.value,
            }),
            {
              timeout: 15_000,
            },
          )
          .toEqual({ counts: expected, built: { timezone, businessDays: null } });
      };
      await settled({ 'inbound:text:received:customer': 1 }, 'UTC');
      await seed.message({ conversationId, direction: 'outbound', at: '2025-06-02T23:51:00Z' });
      await settled({ 'inbound:text:received:customer': 1, 'outbound:text:sent:bot': 1 }, 'UTC');

      // Local days in Kolkata: the customer's message of 23:50 UTC is on 3 June there.
      await setAppTimezone(t, 'Asia/Kolkata');
      await settled({ 'inbound:text:received:customer': 1, 'outbound:text:sent:bot': 1 }, 'Asia/Kolkata');
      await expect
        .poll(
          () =>
            rowsOf(
              database,
              `SELECT to_char(period_start, 'YYYY-MM-DD HH24:MI') AS day FROM analytics_active_counts WHERE period = 'day' AND kind = 'customer'`,
            ),
          {
            timeout: 15_000,
          },
        )
        .toEqual([{ day: '2025-06-03 00:00' }]);
    } finally {
      await t.close();
    }
  });

  it('consumes the marks, and a mark committed during a recompute waits for the next batch', async () => {
    await withDatabase(async (database) => {
      const seed = rollupSeed(database.pool);
      const settings: RollupSettings = { timezone: 'UTC', businessDays: null };
      await runRollups(database.db, settings);
      const { conversationId } = await seed.conversation();
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:01:00Z' });
      expect(await rowsOf(database, 'SELECT count(*)::int AS n FROM analytics_dirty_buckets')).toEqual([{ n: 1 }]);

      // Another server holding the rollup lock: this one leaves the marks alone.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holder = database.db.transaction(async (tx) => {
        await tx.execute('SELECT pg_advisory_xact_lock(4170626)');
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await runRollups(database.db, settings);
      expect(await rowsOf(database, 'SELECT count(*)::int AS n FROM analytics_dirty_buckets')).toEqual([{ n: 1 }]);
      release();
      await holder;

      // A batch takes the marks; a message committed before its recompute is read by it, and its mark stays.
      await database.db.transaction(async (tx) => {
        const buckets = await takeDirtyBuckets(tx);
        expect(buckets).toEqual({ whole: ['2025-06-02T10:00:00.000Z'], statusesOnly: [] });
        await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:02:00Z' });
        await recomputeBuckets(tx, buckets.whole, settings);
        // ...and one committed after the recompute read the rows is not in its counts, but still marked.
        await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:03:00Z' });
      });
      expect(await countsOf(database, 'messages')).toEqual({ 'inbound:text:received:customer': 2 });
      expect(await rowsOf(database, 'SELECT DISTINCT bucket FROM analytics_dirty_buckets')).toEqual([
        { bucket: new Date('2025-06-02T10:00:00Z') },
      ]);

      await runRollups(database.db, settings);
      expect(await countsOf(database, 'messages')).toEqual({ 'inbound:text:received:customer': 3 });
      expect(await rowsOf(database, 'SELECT count(*)::int AS n FROM analytics_dirty_buckets')).toEqual([{ n: 0 }]);
    });
  });

  it('recounts only the message and engagement counters of a bucket where nothing but statuses changed', async () => {
    await withDatabase(async (database) => {
      const seed = rollupSeed(database.pool);
      const settings: RollupSettings = { timezone: 'UTC', businessDays: null };
      const agent = await seed.agent('ana');
      const { conversationId } = await seed.conversation();
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:01:00Z' });
      const reply = await seed.message({
        conversationId,
        direction: 'outbound',
        userId: agent,
        templateName: 'hello',
        at: '2025-06-02T10:04:00Z',
      });
      await runRollups(database.db, settings);
      const samples = await rowsOf(database, 'SELECT reply_message_id, seconds FROM analytics_response_samples');
      expect(samples).toEqual([{ reply_message_id: reply, seconds: 180 }]);
      const take = () => database.db.transaction((tx) => takeDirtyBuckets(tx));

      await database.pool.query(`UPDATE messages SET status = 'read' WHERE id = $1`, [reply]);
      // A stray sample the full recompute would delete shows that the statuses' recount leaves the samples alone.
      await database.pool.query('UPDATE analytics_response_samples SET seconds = 1');
      await runRollups(database.db, settings);
      expect(await countsOf(database, 'messages')).toEqual({ 'inbound:text:received:customer': 1, 'outbound:template:read:agent': 1 });
      expect(await countsOf(database, 'engagement')).toEqual({ 'template:delivered': 1, 'template:read': 1, 'template:sent': 1 });
      expect(await rowsOf(database, 'SELECT seconds FROM analytics_response_samples')).toEqual([{ seconds: 1 }]);

      // A status with any other change, or beside another statement's mark of the bucket, recomputes it whole.
      await database.pool.query(`UPDATE messages SET status = 'failed' WHERE id = $1`, [reply]);
      expect(await take()).toEqual({ whole: [], statusesOnly: ['2025-06-02T10:00:00.000Z'] });
      await database.pool.query(`UPDATE messages SET status = 'read', sentiment_label = 'neutral' WHERE id = $1`, [reply]);
      expect(await take()).toEqual({ whole: ['2025-06-02T10:00:00.000Z'], statusesOnly: [] });
      await database.pool.query(`UPDATE messages SET status = 'delivered' WHERE id = $1`, [reply]);
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:05:00Z' });
      expect(await take()).toEqual({ whole: ['2025-06-02T10:00:00.000Z'], statusesOnly: [] });
    });
  });
});

describe('the rollup job’s pace', () => {
  it('rests a recomputed bucket’s new marks in proportion to its batch’s time, while other buckets are taken at once', async () => {
    await withDatabase(async (database) => {
      const seed = rollupSeed(database.pool);
      const settings: RollupSettings = { timezone: 'UTC', businessDays: null };
      const pace: RollupPace = new Map();
      await runRollups(database.db, settings, undefined, pace);
      const { conversationId } = await seed.conversation();
      const busy = '2025-06-02T10:00:00.000Z';
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:01:00Z' });
      // A slow batch: it waits a second for the counters' table.
      const blocker = await database.pool.connect();
      let passMs = 0;
      try {
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE analytics_counts IN ACCESS EXCLUSIVE MODE');
        const started = performance.now();
        const pass = runRollups(database.db, settings, undefined, pace).then(() => {
          passMs = performance.now() - started;
        });
        const waiting = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        await expect.poll(async () => (await rowsOf(database, waiting))[0]?.n, { timeout: 15_000 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await blocker.query('COMMIT');
        await pass;
      } finally {
        blocker.release();
      }
      const remembered = pace.get(busy);
      expect(remembered?.tookMs).toBeGreaterThanOrEqual(1_000);
      expect(remembered?.tookMs).toBeLessThanOrEqual(passMs);
      // Long after that batch: its bucket marked again rests from when the job first sees the mark, another is taken.
      if (remembered) remembered.endedAt = Date.now() - 60_000;
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T10:02:00Z' });
      await seed.message({ conversationId, direction: 'inbound', at: '2025-06-02T11:01:00Z' });
      const seenBefore = Date.now();
      await runRollups(database.db, settings, undefined, pace);
      expect(await rowsOf(database, 'SELECT DISTINCT bucket FROM analytics_dirty_buckets')).toEqual([{ bucket: new Date(busy) }]);
      expect(await countsOf(database, 'messages')).toEqual({ 'inbound:text:received:customer': 2 });
      expect(remembered?.markedAt).toBeGreaterThanOrEqual(seenBefore);

      // Once it has rested (1 - BUSY_SHARE) / BUSY_SHARE times its batch, the next pass takes it.
      if (remembered) remembered.markedAt = Date.now() - (remembered.tookMs * (1 - BUSY_SHARE)) / BUSY_SHARE;
      await runRollups(database.db, settings, undefined, pace);
      expect(await rowsOf(database, 'SELECT count(*)::int AS n FROM analytics_dirty_buckets')).toEqual([{ n: 0 }]);
      expect(await countsOf(database, 'messages')).toEqual({ 'inbound:text:received:customer': 3 });
    });
  });
});

describe('waits within business hours', () => {
  /** Minute by minute: whether the local weekday and time fall in its opening. */
  function bruteForce(from: string, to: string, timezone: string, days: BusinessHours['days']): number {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    let seconds = 0;
    for (let at = Date.parse(from); at < Date.parse(to); at += 60_000) {
      const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
      const opening = days[weekdays.indexOf(p.weekday as string)];
      const time = `${p.hour}:${p.minute}`;
      if (opening && opening.start <= time && time < opening.end) seconds += 60;
    }
    return seconds;
  }

  it('counts the seconds within the weekly schedule in the app’s timezone, across DST and over months', async () => {
    await withDatabase(async (database) => {
      const nightShift = weekdays9to5.map((day, i) => (i === 0 ? { start: '01:00', end: '04:00' } : day)) as BusinessHours['days'];
      const cases: [string, string, string, BusinessHours['days']][] = [
        ['2025-03-07T21:30:00Z', '2025-03-10T14:30:00Z', 'Europe/London', weekdays9to5],
        // New York's clocks skip 02:00-03:00 on Sunday 9 March, inside the Sunday opening.
        ['2025-03-08T12:00:00Z', '2025-03-11T15:30:00Z', 'America/New_York', nightShift],
        ['2025-01-06T10:07:00Z', '2025-03-20T03:00:00Z', 'Asia/Kathmandu', weekdays9to5],
        ['2025-05-05T04:00:00Z', '2025-05-05T04:10:00Z', 'Asia/Kolkata', weekdays9to5],
      ];
      for (const [from, to, timezone, days] of cases) {
        const { rows } = await database.db.execute<{ seconds: number }>(
          sql`SELECT ${businessSecondsBetween(sql`${from}::timestamptz`, sql`${to}::timestamptz`, timezone, days)} AS seconds`,
        );
        expect(rows[0]?.seconds, `${timezone} ${from} ${to}`).toBe(bruteForce(from, to, timezone, days));
      }
    });
  });
});
