import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { claimDueDeliveries, deleteFinishedBefore } from './outbound-webhooks.repository.ts';

const database = freshDatabaseForFile();

/** A subscription with `due` deliveries waiting, the oldest first; answers its id. */
async function subscriptionWithDue(url: string, due: number, ageSeconds: number): Promise<number> {
  const db = database.db;
  const created = await db.execute<{ id: number }>(
    sql`INSERT INTO outbound_webhooks (url, secret_sealed, events) VALUES (${url}, 'sealed', '{message.received}') RETURNING id`,
  );
  const id = created.rows[0]?.id as number;
  await db.execute(sql`
    INSERT INTO outbound_deliveries (webhook_id, event, payload, next_attempt_at)
    SELECT ${id}, 'message.received', '{}'::jsonb, now() - make_interval(secs => ${ageSeconds} - n)
    FROM generate_series(1, ${due}) AS n`);
  return id;
}

describe('outbound deliveries in the database', () => {
  it('takes subscriptions in turns, and leaves a subscription at its share what it has on its way already', async () => {
    // A receiver that never answers has a long queue, older than the one event of a healthy receiver.
    const stuck = await subscriptionWithDue('https://stuck.example.com/hook', 50, 600);
    const healthy = await subscriptionWithDue('https://healthy.example.com/hook', 1, 5);

    const first = await claimDueDeliveries(database.db, 4, 30_000, { perWebhook: 3, busy: new Map() });
    const byWebhook = (claimed: typeof first) => claimed.map((c) => c.delivery.webhookId).sort();
    expect(byWebhook(first)).toEqual([stuck, stuck, stuck, healthy].sort());
    expect(first.every((c) => c.delivery.attempts === 1)).toBe(true);

    // Its three still on their way: nothing more of it, whatever is free.
    const second = await claimDueDeliveries(database.db, 4, 30_000, { perWebhook: 3, busy: new Map([[stuck, 3]]) });
    expect(second).toEqual([]);
    const third = await claimDueDeliveries(database.db, 4, 30_000, { perWebhook: 3, busy: new Map([[stuck, 1]]) });
    expect(byWebhook(third)).toEqual([stuck, stuck]);
  });

  it('deletes old delivered and given-up deliveries, never one still pending, nor a recent one', async () => {
    const id = await subscriptionWithDue('https://old.example.com/hook', 0, 0);
    await database.db.execute(sql`
      INSERT INTO outbound_deliveries (webhook_id, event, payload, state, created_at)
      VALUES (${id}, 'old delivered', '{}', 'delivered', now() - interval '40 days'),
             (${id}, 'old failed', '{}', 'failed', now() - interval '40 days'),
             (${id}, 'old pending', '{}', 'pending', now() - interval '40 days'),
             (${id}, 'recent delivered', '{}', 'delivered', now() - interval '1 day')`);
    expect(await deleteFinishedBefore(database.db, new Date(Date.now() - 30 * 86_400_000), 1)).toBe(1);
    expect(await deleteFinishedBefore(database.db, new Date(Date.now() - 30 * 86_400_000), 10)).toBe(1);
    const left = await database.db.execute<{ event: string }>(
      sql`SELECT event FROM outbound_deliveries WHERE webhook_id = ${id} ORDER BY event`,
    );
    expect(left.rows.map((row) => row.event)).toEqual(['old pending', 'recent delivered']);
  });
});
