import { beforeEach, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { recordRefusals, recordSignatureFailure, webhookHealth } from './webhook-health.repository.ts';

const database = freshDatabaseForFile();
beforeEach(async () => {
  await database.pool.query('TRUNCATE webhook_events, webhook_signature_failures, webhook_refusals');
});

const health = () => webhookHealth(database.db, 5);
const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** Events received `fromHours` to `toHours` ago, evenly spread, in id order as the webhook stores them. */
async function receive(count: number, fromHours: number, toHours: number, fields = 'NULL::timestamptz, 0') {
  await query(
    `INSERT INTO webhook_events (received_at, payload, processed_at, attempts)
     SELECT now() - make_interval(secs => ($2::float - ($2::float - $3::float) * i / $1::int) * 3600), '{}', ${fields}
     FROM generate_series(1, $1::int) AS i ORDER BY i`,
    [count, fromHours, toHours],
  );
}

describe('webhook health figures', () => {
  it('are empty before anything arrived', async () => {
    expect(await health()).toEqual({
      lastEventAt: null,
      eventsLast24h: 0,
      signatureFailuresLast24h: 0,
      lastSignatureFailureAt: null,
      waiting: 0,
      oldestWaitingSeconds: null,
      failed: 0,
      refusedLast24h: 0,
      lastRefusal: null,
    });
  });

  it('count exactly the events of the last 24 hours, whatever the gaps in ids', async () => {
    await receive(600, 72, 24.5, 'now(), 1');
    await receive(437, 23.5, 0.01, 'now(), 1');
    await query('DELETE FROM webhook_events WHERE id % 7 = 0');
    const { rows } = await query(
      `SELECT count(*) FILTER (WHERE received_at >= now() - interval '24 hours')::int AS recent, max(received_at) AS last FROM webhook_events`,
    );
    const figures = await health();
    expect(figures.eventsLast24h).toBe(rows[0].recent);
    expect(figures.eventsLast24h).toBeGreaterThan(300);
    expect(figures.lastEventAt).toBe(rows[0].last.toISOString());

    await query("DELETE FROM webhook_events WHERE received_at >= now() - interval '24 hours'");
    expect((await health()).eventsLast24h).toBe(0);
  });

  it('tell waiting events from those that failed too often, and how long the oldest has waited', async () => {
    await receive(3, 2, 1, 'now(), 1');
    await receive(2, 0.5, 0.25, 'NULL::timestamptz, 5');
    await receive(4, 0.1, 0.01, 'NULL::timestamptz, 2');
    const figures = await health();
    expect(figures).toMatchObject({ waiting: 4, failed: 2, eventsLast24h: 9 });
    expect(figures.oldestWaitingSeconds).toBeGreaterThan(0.075 * 3600 - 5);
    expect(figures.oldestWaitingSeconds).toBeLessThan(0.1 * 3600 + 5);
  });

  it('count signature failures of today and yesterday (UTC days) and the time of the last', async () => {
    await recordSignatureFailure(database.db);
    await recordSignatureFailure(database.db);
    await query(
      `INSERT INTO webhook_signature_failures (day, count, last_at) VALUES
         ((now() AT TIME ZONE 'UTC')::date - 1, 4, now() - interval '1 day'),
         ((now() AT TIME ZONE 'UTC')::date - 3, 9, now() - interval '3 days')`,
    );
    const { rows } = await query(`SELECT count, last_at FROM webhook_signature_failures WHERE day = (now() AT TIME ZONE 'UTC')::date`);
    expect(rows[0].count).toBe(2);
    const figures = await health();
    expect(figures.signatureFailuresLast24h).toBe(6);
    expect(figures.lastSignatureFailureAt).toBe(rows[0].last_at.toISOString());
  });

  it('count refused items of today and yesterday and name the latest reason in words', async () => {
    await recordRefusals(database.db, ['no_customer', 'no_customer']);
    await query(
      `INSERT INTO webhook_refusals (day, reason, count, last_at) VALUES
         ((now() AT TIME ZONE 'UTC')::date - 1, 'no_customer', 4, now() - interval '1 day'),
         ((now() AT TIME ZONE 'UTC')::date - 3, 'no_customer', 9, now() - interval '3 days')`,
    );
    await recordRefusals(database.db, ['bad_user_id']);
    const figures = await health();
    expect(figures.refusedLast24h).toBe(7);
    expect(figures.lastRefusal?.reason).toBe('A WhatsApp user ID did not have the shape Meta documents (it was ignored)');
  });
});
