import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { webhookEvents } from '../../db/schema.ts';
import { insertWebhookEvent } from './webhook-events.repository.ts';

const database = freshDatabaseForFile();

const rowsOf = (ids: number[]) => database.db.select().from(webhookEvents).where(inArray(webhookEvents.id, ids));

describe('insertWebhookEvent', () => {
  it('stores concurrent deliveries together, each caller getting the id of its own row', async () => {
    const payloads = Array.from({ length: 300 }, (_, i) => ({ object: 'whatsapp_business_account', n: i }));
    const ids = await Promise.all(payloads.map((p) => insertWebhookEvent(database.db, p)));
    expect(new Set(ids).size).toBe(300);
    const rows = await rowsOf(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, id] of ids.entries()) expect(byId.get(id)?.payload).toEqual(payloads[i]);
    // Rows of one INSERT share its transaction's now(): fewer distinct times than rows means shared statements.
    expect(new Set(rows.map((r) => r.receivedAt.getTime())).size).toBeLessThan(300);
  });

  it('fails only the delivery the database refuses, not the others sharing its INSERT', async () => {
    // jsonb refuses a lone UTF-16 surrogate, which JSON.parse accepts.
    const bad = { object: 'whatsapp_business_account', text: '\ud800' };
    const good = Array.from({ length: 20 }, (_, i) => ({ object: 'whatsapp_business_account', good: i }));
    const results = await Promise.allSettled([...good.slice(0, 10), bad, ...good.slice(10)].map((p) => insertWebhookEvent(database.db, p)));
    expect(results[10]?.status).toBe('rejected');
    const stored = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(stored).toHaveLength(20);
    expect((await rowsOf(stored)).map((r) => r.payload)).toEqual(expect.arrayContaining(good));
  });
});
