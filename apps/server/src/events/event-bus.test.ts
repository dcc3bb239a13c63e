import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../test/test-database.ts';
import type { Tx } from '../db/database.ts';
import { inTransaction } from '../realtime/after-commit.ts';
import { createDomainEvents, type DomainEvent, publishInTransaction } from './domain-events.ts';

const database = freshDatabaseForFile();
beforeAll(async () => {
  await database.db.execute(sql`CREATE TABLE heard (n serial PRIMARY KEY, who text NOT NULL, conversation_id int NOT NULL)`);
});

/** No screens listen in these tests. */
const quiet = { toEveryoneAll: () => {} };
const optedOut = (conversationId: number): DomainEvent => ({ type: 'conversation.opted_out', conversationId });
const write = (tx: Tx, who: string, conversationId: number) =>
  tx.execute(sql`INSERT INTO heard (who, conversation_id) VALUES (${who}, ${conversationId})`);
const heard = async () =>
  (await database.db.execute<{ who: string; conversation_id: number }>(sql`SELECT who, conversation_id FROM heard ORDER BY n`)).rows;

describe('domain events', () => {
  it('runs two domains’ subscribers in the order they subscribed, inside the publishing transaction', async () => {
    const events = createDomainEvents();
    const ran: string[] = [];
    events.subscribe({
      subscriber: 'flows',
      types: ['conversation.opted_out'],
      phase: 'in-transaction',
      handle: async (tx, published) => {
        for (const event of published) await write(tx, 'flows', event.conversationId);
        return { afterCommit: () => ran.push('flows after commit') };
      },
    });
    events.subscribe({
      subscriber: 'analytics',
      types: ['conversation.opted_out', 'campaign.finished'],
      phase: 'in-transaction',
      handle: async (tx, published) => {
        // The first subscriber's row is already there: same transaction, and it ran first.
        const before = await tx.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM heard WHERE who = 'flows'`);
        ran.push(`analytics saw ${before.rows[0]?.count} flows rows`);
        for (const event of published) if (event.type === 'conversation.opted_out') await write(tx, 'analytics', event.conversationId);
        return undefined;
      },
    });
    events.subscribe({
      subscriber: 'screens',
      types: ['conversation.opted_out'],
      phase: 'after-commit',
      handle: () => ran.push('screens'),
    });

    await inTransaction(database.db, async (tx) => {
      await publishInTransaction(tx, { events, realtime: quiet }, [optedOut(1), optedOut(2)]);
      expect(ran).toEqual(['analytics saw 2 flows rows']);
    });
    expect(await heard()).toEqual([
      { who: 'flows', conversation_id: 1 },
      { who: 'flows', conversation_id: 2 },
      { who: 'analytics', conversation_id: 1 },
      { who: 'analytics', conversation_id: 2 },
    ]);
    expect(ran).toEqual(['analytics saw 2 flows rows', 'flows after commit', 'screens']);

    // Rolled back: what the subscribers wrote goes with it, and nothing runs after.
    ran.length = 0;
    const failed = inTransaction(database.db, async (tx) => {
      await publishInTransaction(tx, { events, realtime: quiet }, [optedOut(3)]);
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect((await heard()).map((row) => row.conversation_id)).not.toContain(3);
    expect(ran).toEqual(['analytics saw 3 flows rows']);
  });

  it('hands each subscriber only the events of its types, and closes to new subscribers once the server starts', async () => {
    const events = createDomainEvents();
    const got: string[][] = [];
    events.subscribe({
      subscriber: 'outbound-webhooks',
      types: ['campaign.finished'],
      phase: 'after-commit',
      handle: (published) => got.push(published.map((event) => event.type)),
    });
    expect(events.listens('campaign.finished')).toBe(true);
    expect(events.listens('message.for_bot')).toBe(false);
    await inTransaction(database.db, (tx) => publishInTransaction(tx, { events, realtime: quiet }, [optedOut(4)]));
    expect(got).toEqual([]);

    events.close();
    expect(() => events.subscribe({ subscriber: 'late', types: ['message.status'], phase: 'after-commit', handle: () => {} })).toThrow(
      'late subscribed to message.status after the server started',
    );
  });
});
