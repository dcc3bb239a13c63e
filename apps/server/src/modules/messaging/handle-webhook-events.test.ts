import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseForFile } from '../../../test/test-database.ts';
import { conversations, mediaFiles } from '../../db/schema.ts';
import { createDomainEvents } from '../../events/domain-events.ts';
import { inboundPayload, type SandboxBusiness, statusPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { handleWebhookEvents } from './handle-webhook-events.ts';
import { storeOutbound } from './test/outbound.ts';

const business: SandboxBusiness = { wabaId: '200', phoneNumberId: '100', displayPhoneNumber: '15550001111' };
const database = freshDatabaseForFile();
let tables: ReturnType<typeof whatsappTables>;
beforeAll(() => {
  tables = whatsappTables(database.db);
});

const text = (from: string, wamid: string, seconds: number, name?: string) =>
  inboundPayload(business, { from, name, wamid, date: new Date(seconds * 1000), message: { type: 'text', text: { body: wamid } } });

const handle = (payloads: unknown[]) =>
  database.db.transaction((tx) => handleWebhookEvents(tx, payloads, { events: createDomainEvents() }));

describe('webhook events handled as one batch', () => {
  it('stores each message once, one contact per person with the latest name, and moves each conversation on', async () => {
    const outcome = await handle([
      text('447700900001', 'wamid.b1', 100, 'Ana'),
      text('447700900002', 'wamid.b2', 100, 'Bruno'),
      text('447700900001', 'wamid.b3', 300, 'Ana Silva'),
      // Delivered twice in the same batch, and an older message arriving after a newer one.
      text('447700900001', 'wamid.b3', 300, 'Ana Silva'),
      text('447700900001', 'wamid.b4', 200, 'Ana Silva'),
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { nonsense: true } }] }] },
    ]);
    const received = outcome.emits.filter((e) => e.event === 'whatsapp_message_received');
    expect(received.map((e) => (e.payload as { wamid: string }).wamid)).toEqual(['wamid.b1', 'wamid.b2', 'wamid.b3', 'wamid.b4']);
    expect((await tables.contacts()).map((c) => [c.phone, c.name])).toEqual([
      ['447700900001', 'Ana Silva'],
      ['447700900002', 'Bruno'],
    ]);
    const [ana, bruno] = await tables.conversations();
    const b3 = await tables.message('wamid.b3');
    expect(ana).toMatchObject({
      unreadCount: 3,
      lastMessageId: b3?.id,
      lastMessageAt: new Date(300_000),
      lastInboundAt: new Date(300_000),
    });
    expect(bruno).toMatchObject({ unreadCount: 1, lastMessageAt: new Date(100_000) });
    expect(await tables.messages()).toHaveLength(4);

    // The same deliveries again (Meta delivers at least once): nothing new, nothing announced.
    const again = await handle([text('447700900001', 'wamid.b1', 100, 'Ana'), text('447700900002', 'wamid.b2', 100)]);
    expect(again.emits).toEqual([]);
    expect((await tables.conversations())[0]?.unreadCount).toBe(3);
  });

  it('hands ended conversations back to the bot and queues every file, all in the one batch', async () => {
    const [ana] = await tables.conversations();
    await database.db
      .update(conversations)
      .set({ sessionState: 'ended' })
      .where(eq(conversations.id, ana?.id ?? 0));
    const image = (wamid: string, id: string) =>
      inboundPayload(business, {
        from: '447700900001',
        wamid,
        message: { type: 'image', image: { id, mime_type: 'image/jpeg', sha256: 'a'.repeat(64) } },
      });
    const outcome = await handle([image('wamid.i1', 'media-1'), image('wamid.i2', 'media-2')]);
    expect(outcome.mediaQueued).toBe(2);
    expect((await database.db.select().from(mediaFiles)).map((f) => [f.metaMediaId, f.status])).toEqual([
      ['media-1', 'pending'],
      ['media-2', 'pending'],
    ]);
    const sessions = outcome.emits.filter((e) => e.event === 'agent_session_update');
    expect(sessions.map((e) => e.payload)).toEqual([
      expect.objectContaining({ conversationId: ana?.id, state: 'bot', reason: 'customer_returned' }),
    ]);
    expect((await tables.conversations())[0]?.sessionState).toBe('bot');
  });

  it('applies statuses in order across events, announces each step, and keeps those that came before their message', async () => {
    const { message } = await storeOutbound(database.db, {
      phone: '447700900002',
      phoneNumberId: business.phoneNumberId,
      wamid: 'wamid.out',
    });
    const status = (wamid: string, s: 'sent' | 'delivered' | 'read', seconds: number) =>
      statusPayload(business, { wamid, status: s, recipientId: '447700900002', date: new Date(seconds * 1000) });
    const outcome = await handle([
      status('wamid.out', 'delivered', 20),
      status('wamid.out', 'sent', 10),
      status('wamid.later', 'read', 30),
      status('wamid.out', 'read', 30),
    ]);
    const steps = outcome.emits.filter((e) => e.event === 'message_status_update').map((e) => e.payload);
    expect(steps).toEqual([
      expect.objectContaining({ messageId: message.id, status: 'delivered', timestamp: new Date(20_000).toISOString() }),
      expect.objectContaining({ messageId: message.id, status: 'read', timestamp: new Date(30_000).toISOString() }),
    ]);
    expect(await tables.message('wamid.out')).toMatchObject({
      status: 'read',
      sentAt: new Date(10_000),
      deliveredAt: new Date(20_000),
      readAt: new Date(30_000),
    });
    expect((await tables.earlyStatuses('wamid.later')).map((s) => s.status)).toEqual(['read']);
  });
});
