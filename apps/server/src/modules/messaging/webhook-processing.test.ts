import { describe, expect, it } from 'vitest';
import { inboundPayload, type SandboxBusiness, statusPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { eventually, postWebhook } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { storeOutbound } from './test/outbound.ts';

const SECRET = 'processing-secret';
let tables: ReturnType<typeof whatsappTables>;
let business: SandboxBusiness;
const { t, log } = liveTestApp(
  async (app) => {
    tables = whatsappTables(app.ctx.database.db);
    const { whatsapp } = app.ctx.config;
    business = { wabaId: whatsapp.businessAccountId, phoneNumberId: whatsapp.phoneNumberId, displayPhoneNumber: '15550001111' };
    return app.adminToken();
  },
  // A real Graph URL: these tests play Meta themselves, without the sandbox.
  { env: { WHATSAPP_APP_SECRET: SECRET, WHATSAPP_API_URL: 'https://graph.facebook.com' } },
);

const post = async (payload: unknown) => {
  const res = await postWebhook(t.baseUrl, payload, { secret: SECRET });
  expect(res.status).toBe(200);
};
const text = (from: string, wamid: string, body: string, name = 'Ana', seconds = 1_800_000_000) =>
  inboundPayload(business, { from, name, wamid, date: new Date(seconds * 1000), message: { type: 'text', text: { body } } });
const status = (wamid: string, s: 'sent' | 'delivered' | 'read' | 'failed', seconds: number, error?: { code: number; title: string }) =>
  statusPayload(business, { wamid, status: s, recipientId: '447700900123', date: new Date(seconds * 1000), error });
const eventsNamed = (name: string) => log.events.filter((e) => e.event === name);

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('inbound messages', () => {
  it('stores contact, conversation and message, and tells every agent', async () => {
    await post(text('447700900123', 'wamid.in-1', 'Hi, is my order on its way?', 'Ana Souza', 1_800_000_000));
    const message = await eventually(() => tables.message('wamid.in-1'));
    expect(message).toMatchObject({
      direction: 'inbound',
      type: 'text',
      status: 'received',
      content: { text: 'Hi, is my order on its way?' },
    });
    expect(message.timestamp.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    const [contact] = await tables.contacts();
    expect(contact).toMatchObject({ phone: '447700900123', waId: '447700900123', name: 'Ana Souza' });
    const [conversation] = await tables.conversations();
    expect(conversation).toMatchObject({
      contactId: contact?.id,
      phoneNumberId: business.phoneNumberId,
      unreadCount: 1,
      lastMessageId: message.id,
    });
    expect(conversation?.lastInboundAt?.toISOString()).toBe(message.timestamp.toISOString());

    await eventually(async () => eventsNamed('whatsapp_message_received').length === 1);
    expect(eventsNamed('whatsapp_message_received')[0]?.payload).toMatchObject({
      messageId: message.id,
      wamid: 'wamid.in-1',
      conversationId: conversation?.id,
      from: { name: 'Ana Souza', phone: '447700900123' },
      type: 'text',
      content: { text: 'Hi, is my order on its way?', mediaType: null },
    });
  });

  it('creates nothing new when Meta delivers the same message again, even concurrently', async () => {
    const payload = text('447700900123', 'wamid.dup', 'Same message', 'Ana Souza', 1_800_000_100);
    await Promise.all([post(payload), post(payload), post(payload)]);
    await eventually(tables.allProcessed);
    await post(payload);
    await eventually(tables.allProcessed);
    expect((await tables.messages()).filter((m) => m.wamid === 'wamid.dup')).toHaveLength(1);
    expect((await tables.conversations())[0]?.unreadCount).toBe(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(eventsNamed('whatsapp_message_received').filter((e) => e.payload.wamid === 'wamid.dup')).toHaveLength(1);
  });

  it('keeps one contact for a Brazilian mobile reported with and without the ninth digit', async () => {
    await post(text('551187654321', 'wamid.br-1', 'Oi', 'João'));
    await post(text('5511987654321', 'wamid.br-2', 'Tudo bem?', 'João'));
    await eventually(async () => (await tables.message('wamid.br-2')) ?? null);
    await eventually(async () => (await tables.message('wamid.br-1')) ?? null);
    const brazilians = (await tables.contacts()).filter((c) => c.phone?.startsWith('55'));
    expect(brazilians).toHaveLength(1);
    expect(brazilians[0]?.phone).toBe('5511987654321');
    const [first, second] = [await tables.message('wamid.br-1'), await tables.message('wamid.br-2')];
    expect(first?.conversationId).toBe(second?.conversationId);
  });

  it('stores button replies, media and unknown kinds by their type', async () => {
    const from = '14155550100';
    const msg = (wamid: string, message: Record<string, unknown>) => inboundPayload(business, { from, name: 'Bo', wamid, message });
    await post(
      msg('wamid.btn', {
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes please' } },
        context: { from: business.displayPhoneNumber, id: 'wamid.q' },
      }),
    );
    await post(
      msg('wamid.img', { type: 'image', image: { id: '1234567890123456', mime_type: 'image/jpeg', sha256: 'abc', caption: 'the parcel' } }),
    );
    await post(
      msg('wamid.odd', {
        type: 'unsupported',
        errors: [
          {
            code: 131051,
            title: 'Message type unknown',
            message: 'Message type unknown',
            error_data: { details: 'Message type is currently not supported.' },
          },
        ],
      }),
    );
    const button = await eventually(() => tables.message('wamid.btn'));
    expect(button).toMatchObject({
      type: 'interactive',
      content: { text: 'Yes please', reply: { kind: 'button', id: 'yes', title: 'Yes please' }, context: { id: 'wamid.q' } },
    });
    const image = await eventually(() => tables.message('wamid.img'));
    expect(image).toMatchObject({
      type: 'image',
      content: { text: 'the parcel', media: { id: '1234567890123456', mimeType: 'image/jpeg', caption: 'the parcel' } },
    });
    const odd = await eventually(() => tables.message('wamid.odd'));
    expect(odd).toMatchObject({ type: 'unsupported', errorCode: 131051, errorTitle: 'Message type unknown' });
    await eventually(async () => eventsNamed('whatsapp_message_received').some((e) => e.payload.wamid === 'wamid.img'));
    expect(eventsNamed('whatsapp_message_received').find((e) => e.payload.wamid === 'wamid.img')?.payload).toMatchObject({
      type: 'image',
      content: { text: 'the parcel', mediaType: 'image' },
    });
  });
});

describe('delivery statuses', () => {
  const phoneNumberId = () => t.ctx.config.whatsapp.phoneNumberId;

  it('only move forward, whatever order they arrive in', async () => {
    for (let round = 0; round < 5; round++) {
      const wamid = `wamid.shuffled-${round}`;
      await storeOutbound(t.ctx.database.db, { phone: '447700900123', phoneNumberId: phoneNumberId(), wamid });
      const statuses = shuffle([
        status(wamid, 'sent', 100),
        status(wamid, 'delivered', 200),
        status(wamid, 'read', 300),
        status(wamid, 'delivered', 200),
      ]);
      await Promise.all(statuses.map(post));
      await eventually(tables.allProcessed);
      const message = await tables.message(wamid);
      expect(message).toMatchObject({ status: 'read' });
      expect([message?.sentAt, message?.deliveredAt, message?.readAt].map((d) => d?.getTime())).toEqual([100_000, 200_000, 300_000]);
    }
  });

  it('also in one delivery holding several statuses, and announces each step that changed something', async () => {
    const wamid = 'wamid.batch';
    const stored = await storeOutbound(t.ctx.database.db, { phone: '447700900123', phoneNumberId: phoneNumberId(), wamid });
    const statusesOf = (payload: ReturnType<typeof status>) =>
      (payload.entry[0]!.changes[0]!.value as unknown as { statuses: unknown[] }).statuses;
    const payload = status(wamid, 'sent', 10);
    statusesOf(payload).push(...statusesOf(status(wamid, 'delivered', 20)));
    await post(payload);
    await eventually(async () => (await tables.message(wamid))?.status === 'delivered');
    // Only this message's events: a late one of the previous test may still come in.
    const announced = () => eventsNamed('message_status_update').filter((e) => e.payload.wamid === wamid);
    await eventually(async () => announced().length === 2);
    expect(announced().map((e) => e.payload)).toEqual([
      expect.objectContaining({
        messageId: stored.message.id,
        wamid,
        status: 'sent',
        error: null,
        timestamp: new Date(10_000).toISOString(),
      }),
      expect.objectContaining({ messageId: stored.message.id, wamid, status: 'delivered' }),
    ]);
  });

  it('records Meta’s error on failed, and a late sent does not undo it', async () => {
    const wamid = 'wamid.failing';
    await storeOutbound(t.ctx.database.db, { phone: '447700900123', phoneNumberId: phoneNumberId(), wamid });
    await post(status(wamid, 'failed', 50, { code: 131026, title: 'Message undeliverable' }));
    await post(status(wamid, 'sent', 40));
    await eventually(tables.allProcessed);
    expect(await tables.message(wamid)).toMatchObject({ status: 'failed', errorCode: 131026, errorTitle: 'Message undeliverable' });
    await eventually(async () => eventsNamed('message_status_update').some((e) => e.payload.status === 'failed'));
    expect(eventsNamed('message_status_update').find((e) => e.payload.status === 'failed')?.payload).toMatchObject({
      error: { code: 131026, title: 'Message undeliverable' },
    });
  });

  it('are kept when they arrive before their message, and applied when it is stored', async () => {
    const wamid = 'wamid.early';
    await post(status(wamid, 'delivered', 70));
    await post(status(wamid, 'sent', 60));
    await eventually(tables.allProcessed);
    expect(await tables.message(wamid)).toBeUndefined();
    expect(await tables.earlyStatuses(wamid)).toHaveLength(2);

    const stored = await storeOutbound(t.ctx.database.db, { phone: '447700900123', phoneNumberId: phoneNumberId(), wamid });
    expect(stored).toMatchObject({ changed: true, message: { status: 'delivered' } });
    expect(stored.message.sentAt?.getTime()).toBe(60_000);
    expect(await tables.earlyStatuses(wamid)).toHaveLength(0);
    await post(status(wamid, 'read', 80));
    await eventually(async () => (await tables.message(wamid))?.status === 'read');
  });
});
