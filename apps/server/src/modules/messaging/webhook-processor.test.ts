import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { webhookEvents } from '../../db/schema.ts';
import { createDomainEvents } from '../../events/domain-events.ts';
import { inboundPayload, type SandboxBusiness } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { handleWebhookEvents } from './handle-webhook-events.ts';
import { insertWebhookEvent } from './webhook-events.repository.ts';
import { createWebhookProcessor } from './webhook-processor.ts';

const business: SandboxBusiness = { wabaId: '200', phoneNumberId: '100', displayPhoneNumber: '15550001111' };
const log = pino({ level: 'silent' });
const database = freshDatabaseForFile();
let tables: ReturnType<typeof whatsappTables>;
beforeAll(() => {
  tables = whatsappTables(database.db);
});

const textEvent = (i: number) =>
  inboundPayload(business, {
    from: `4477009${String(i % 20).padStart(5, '0')}`,
    wamid: `wamid.load-${i}`,
    message: { type: 'text', text: { body: `message ${i}` } },
  });

describe('webhook processor', () => {
  it('shares the work between several servers, processing each event exactly once', async () => {
    for (let i = 0; i < 240; i++) await insertWebhookEvent(database.db, textEvent(i));
    // Meta's duplicates: the same messages delivered again in their own events.
    for (let i = 0; i < 40; i++) await insertWebhookEvent(database.db, textEvent(i));

    const emitted: string[] = [];
    const servers = [1, 2, 3].map(() =>
      createWebhookProcessor(
        {
          db: database.db,
          log,
          hooks: { events: createDomainEvents() },
          broadcast: (emits) => emitted.push(...emits.map((e) => (e.payload as { wamid: string }).wamid)),
        },
        { batchSize: 10 },
      ),
    );
    for (const server of servers) server.kick();
    await eventually(tables.allProcessed, 20_000);
    await Promise.all(servers.map((s) => s.stop()));

    const events = await tables.events();
    expect(events.every((e) => e.attempts === 1 && e.error === null)).toBe(true);
    expect(await tables.messages()).toHaveLength(240);
    expect(await tables.contacts()).toHaveLength(20);
    expect(emitted).toHaveLength(240);
    expect(new Set(emitted).size).toBe(240);
    const conversations = await tables.conversations();
    expect(conversations.reduce((n, c) => n + c.unreadCount, 0)).toBe(240);
  });

  it('records an error per failing event, keeps the rest of the batch, and gives up after the attempt limit', async () => {
    const bad = await insertWebhookEvent(database.db, { object: 'whatsapp_business_account', entry: [], poison: true });
    const good = await insertWebhookEvent(database.db, textEvent(1000));
    const processor = createWebhookProcessor(
      { db: database.db, log, hooks: { events: createDomainEvents() }, broadcast: () => {} },
      {
        intervalMs: 20,
        maxAttempts: 3,
        handle: async (tx, payloads) => {
          if (payloads.some((payload) => (payload as { poison?: boolean }).poison)) throw new Error('cannot read this event');
          return handleWebhookEvents(tx, payloads, { events: createDomainEvents() });
        },
      },
    );
    const row = async (id: number) => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0];
    processor.start();
    await eventually(async () => (await row(bad))?.attempts === 3);
    // Several more ticks: the event stays at the limit, waiting for a person.
    await new Promise((r) => setTimeout(r, 150));
    await processor.stop();
    expect(await row(good)).toMatchObject({ attempts: 1, error: null });
    expect((await row(good))?.processedAt).not.toBeNull();
    expect(await row(bad)).toMatchObject({ attempts: 3, error: 'cannot read this event', processedAt: null });
    expect(await tables.message('wamid.load-1000')).toBeDefined();
  });
});
