import type { MaintenanceRun } from '@wac/contract/cleanup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { customerWroteAt } from '../messaging/test/chat-test-kit.ts';
import { cleanupApi } from './test/cleanup-api.ts';
import { daysAgo } from './test/maintenance-seed.ts';

let t: ListeningTestApp;

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['maintenance', 'messaging'] });
});
afterAll(() => t.close());

describe('a customer writing while their conversation is cleaned up', () => {
  it('loses no message and leaves the conversation naming its latest message and counting what is unread', async () => {
    const from = '447700900555';
    const old = await customerWroteAt(t, {
      from,
      name: 'Old timer',
      texts: Array.from({ length: 150 }, (_, i) => ({ text: `old ${i}`, at: new Date(daysAgo(100).getTime() + i * 60_000) })),
    });
    const conversationId = old[0]?.conversationId as number;
    const api = cleanupApi(t, await t.adminToken(), 'database');

    // Batches of one message, so the cleanup is still at work while the customer writes twenty times.
    const started = await api.start({ days: 30, collections: ['messages'], batchSize: 1 });
    expect(started.statusCode).toBe(202);
    const written = [];
    for (let i = 0; i < 20; i++) written.push(...(await customerWroteAt(t, { from, texts: [{ text: `new ${i}`, at: new Date() }] })));
    // Still at work when the customer is done: every message came in during the cleanup.
    expect((await api.status()).running?.id).toBe(started.json<MaintenanceRun>().id);
    const run = await api.finished(started.json<MaintenanceRun>().id);
    expect(run.status).toBe('completed');
    expect(run.items[0]?.count).toBe(150);

    const pool = t.ctx.database.pool;
    const { rows: left } = await pool.query('SELECT id, conversation_id FROM messages ORDER BY id');
    expect(left).toEqual(written.map((m) => ({ id: m.id, conversation_id: conversationId })));
    const { rows } = await pool.query('SELECT id, last_message_id, unread_count FROM conversations');
    expect(rows).toEqual([{ id: conversationId, last_message_id: written.at(-1)?.id, unread_count: 20 }]);
  });
});
