import type { OutboundDelivery, OutboundDeliveryEvent, OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import { inboundPayload, type SandboxBusiness, statusPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import {
  createListeningTestApp,
  eventually,
  type ListeningTestApp,
  listenToEvents,
  postWebhook,
} from '../../whatsapp/test/listening-test-app.ts';
import { campaignAction, campaignStatus, campaignWithContacts, promoTemplate } from '../campaigns/test/campaign-test-kit.ts';
import { storeOutbound } from '../messaging/test/outbound.ts';
import { type Received, type Receiver, signedWith, startReceiver } from './test/receiver.ts';

const APP_SECRET = 'app-secret-for-outbound-tests';
const RETRY_MS = 300;
let t: ListeningTestApp;
let admin: string;
let receiver: Receiver;
let business: SandboxBusiness;

beforeAll(async () => {
  t = await createListeningTestApp({
    env: {
      WHATSAPP_APP_SECRET: APP_SECRET,
      OUTBOUND_WEBHOOK_RETRY_DELAYS_MS: String(RETRY_MS),
      SANDBOX_TEMPLATE_REVIEW_MS: '50',
    },
  });
  admin = await t.adminToken();
  receiver = await startReceiver();
  const { phoneNumberId, businessAccountId } = t.ctx.config.whatsapp;
  business = { wabaId: businessAccountId, phoneNumberId, displayPhoneNumber: '15550001111' };
  const allowed = await t.request({
    method: 'PUT',
    url: '/api/app/settings',
    token: admin,
    payload: { settings: { 'webhooks.allowed_hosts': ['127.0.0.1'] } },
  });
  expect(allowed.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function subscribe(path: string, events: string[], active = true): Promise<{ webhook: OutboundWebhook; secret: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/outbound-webhooks',
    token: admin,
    payload: { url: receiver.url(path), events, active },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const deliveriesOf = async (id: number) =>
  (
    (await t.request({ method: 'GET', url: `/api/outbound-webhooks/${id}/deliveries`, token: admin })).json() as {
      deliveries: OutboundDelivery[];
    }
  ).deliveries;

const receivedAt = (path: string, count: number, timeoutMs = 10_000): Promise<Received[]> =>
  eventually(async () => {
    const list = receiver.received(path);
    return list.length >= count ? list : null;
  }, timeoutMs);

let wamidSeq = 0;
async function customerWrites(from: string, name: string, text: string): Promise<string> {
  wamidSeq += 1;
  const wamid = `wamid.outbound-test-in-${wamidSeq}`;
  const payload = inboundPayload(business, {
    from,
    name,
    wamid,
    date: new Date(1_750_000_000_000),
    message: { type: 'text', text: { body: text } },
  });
  expect((await postWebhook(t.baseUrl, payload, { secret: APP_SECRET })).status).toBe(200);
  return wamid;
}

/** The customer's conversation, once the webhook processor has stored their message. */
const conversationOf = (phone: string) =>
  eventually(async () => {
    const { rows } = await t.ctx.database.pool.query(
      'SELECT v.id FROM conversations v JOIN contacts c ON c.id = v.contact_id WHERE c.phone = $1',
      [phone],
    );
    return rows[0] ? Number(rows[0].id) : null;
  });

describe('events from WhatsApp', () => {
  it('delivers a received message, signed, to the subscriptions listening to it and to no other', async () => {
    const { webhook, secret } = await subscribe('/received', ['message.received']);
    const paused = await subscribe('/paused', ['message.received'], false);
    const statusesOnly = await subscribe('/statuses-only', ['message.status']);

    const wamid = await customerWrites('447700900123', 'Ana', 'Is my order on its way?');
    const [got] = await receivedAt('/received', 1);
    expect(got && signedWith(secret, got)).toBe(true);
    expect(got?.headers).toMatchObject({ 'content-type': 'application/json', 'x-wac-event': 'message.received' });
    const message = (await t.ctx.database.pool.query('SELECT id, conversation_id FROM messages WHERE wamid = $1', [wamid])).rows[0];
    expect(got?.payload).toMatchObject({
      event: 'message.received',
      data: {
        messageId: message.id,
        wamid,
        conversationId: message.conversation_id,
        from: { phone: '+447700900123', name: 'Ana' },
        type: 'text',
        text: 'Is my order on its way?',
        mediaType: null,
        timestamp: new Date(1_750_000_000_000).toISOString(),
      },
    });
    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(webhook.id);
      return list[0]?.state === 'delivered' ? list : null;
    });
    expect(delivery).toMatchObject({ event: 'message.received', attempts: 1, statusCode: 200, response: '{"ok":true}' });
    expect(got?.headers['x-wac-delivery']).toBe(String(delivery?.id));

    // Meta delivering the same message again stores nothing new, so nothing more goes out.
    await postWebhook(
      t.baseUrl,
      inboundPayload(business, { from: '447700900123', wamid, message: { type: 'text', text: { body: 'Is my order on its way?' } } }),
      { secret: APP_SECRET },
    );
    await customerWrites('447700900124', 'Bea', 'Hi');
    await receivedAt('/received', 2);
    expect(receiver.received('/received').map((r) => r.payload.data.text)).toEqual(['Is my order on its way?', 'Hi']);
    expect(receiver.received('/paused')).toHaveLength(0);
    expect(receiver.received('/statuses-only')).toHaveLength(0);
    expect(await deliveriesOf(paused.webhook.id)).toEqual([]);
    expect(await deliveriesOf(statusesOnly.webhook.id)).toEqual([]);
  });

  it('delivers the statuses Meta reports for the business’s messages, with the error of a failure', async () => {
    const { secret } = await subscribe('/statuses', ['message.status']);
    const { phoneNumberId } = t.ctx.config.whatsapp;
    const sent = await storeOutbound(t.ctx.database.db, { phone: '447700900200', phoneNumberId, wamid: 'wamid.outbound-test-out-1' });
    const failed = await storeOutbound(t.ctx.database.db, { phone: '447700900201', phoneNumberId, wamid: 'wamid.outbound-test-out-2' });
    const post = (payload: unknown) => postWebhook(t.baseUrl, payload, { secret: APP_SECRET });
    await post(statusPayload(business, { wamid: 'wamid.outbound-test-out-1', status: 'sent', recipientId: '447700900200' }));
    await receivedAt('/statuses', 1);
    await post(statusPayload(business, { wamid: 'wamid.outbound-test-out-1', status: 'delivered', recipientId: '447700900200' }));
    await post(
      statusPayload(business, {
        wamid: 'wamid.outbound-test-out-2',
        status: 'failed',
        recipientId: '447700900201',
        error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' },
      }),
    );
    const got = await receivedAt('/statuses', 3);
    expect(got.every((r) => signedWith(secret, r) && r.headers['x-wac-event'] === 'message.status')).toBe(true);
    const data = got.map((r) => r.payload.data);
    expect(data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ messageId: sent.message.id, wamid: 'wamid.outbound-test-out-1', status: 'sent', error: null }),
        expect.objectContaining({ messageId: sent.message.id, status: 'delivered' }),
        expect.objectContaining({
          messageId: failed.message.id,
          conversationId: failed.message.conversationId,
          status: 'failed',
          error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' },
        }),
      ]),
    );
    expect(new Date(String(data[0]?.timestamp)).toISOString()).toBe(data[0]?.timestamp);
  });

  it('delivers a send Meta refused at once as a failed status, though no webhook reported it', async () => {
    await subscribe('/refused', ['message.status']);
    // Written just now, so the service window is open.
    const hello = inboundPayload(business, {
      from: '447700900210',
      name: 'Rui',
      wamid: 'wamid.outbound-test-in-refused',
      date: new Date(),
      message: { type: 'text', text: { body: 'Hello?' } },
    });
    expect((await postWebhook(t.baseUrl, hello, { secret: APP_SECRET })).status).toBe(200);
    await conversationOf('447700900210');
    const failNext = await t.request({
      method: 'POST',
      url: '/sandbox/control/fail-next',
      token: admin,
      payload: { code: 131026, httpStatus: 400, via: 'response' },
    });
    expect(failNext.statusCode).toBe(200);
    const sent = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: admin,
      payload: { recipientPhone: '+447700900210', message: 'We are on it' },
    });
    expect(sent.json().message).toMatchObject({ status: 'failed' });
    const [got] = await receivedAt('/refused', 1);
    expect(got?.payload.data).toMatchObject({
      messageId: sent.json().message.id,
      status: 'failed',
      error: expect.objectContaining({ code: 131026 }),
    });
  });

  it('tries a delivery again after the backoff when the receiver fails, with the same signed body', async () => {
    receiver.answer('/flaky', { status: 503, body: 'down for maintenance' }, { status: 200, body: 'thanks' });
    const { webhook, secret } = await subscribe('/flaky', ['message.received']);
    await customerWrites('447700900300', 'Cid', 'Hello?');
    const pending = await eventually(async () => {
      const [first] = await deliveriesOf(webhook.id);
      // Claimed rows count their attempt at once: wait for the attempt's outcome.
      return first?.attempts === 1 && first.lastAttemptAt && first.state === 'pending' ? first : null;
    });
    expect(pending).toMatchObject({ statusCode: 503, response: 'down for maintenance' });
    expect(new Date(pending.nextAttemptAt ?? 0).getTime() - new Date(pending.lastAttemptAt ?? 0).getTime()).toBeGreaterThanOrEqual(
      RETRY_MS * 0.8,
    );

    const [first, second] = await receivedAt('/flaky', 2);
    expect(second?.body).toBe(first?.body);
    expect(second?.headers['x-wac-delivery']).toBe(first?.headers['x-wac-delivery']);
    expect(second && signedWith(secret, second)).toBe(true);
    const [delivered] = await eventually(async () => {
      const list = await deliveriesOf(webhook.id);
      return list[0]?.state === 'delivered' ? list : null;
    });
    expect(delivered).toMatchObject({ attempts: 2, statusCode: 200, response: 'thanks', nextAttemptAt: null });
  });

  it('tells admins’ consoles of each attempt as the subscription’s last delivery, as the list then answers it', async () => {
    const adminSocket = await listenToEvents(t.baseUrl, admin);
    const agentSocket = await listenToEvents(t.baseUrl, (await addUser(t, { username: 'webhook-agent' })).token);
    try {
      receiver.answer('/live', { status: 500, body: 'oops' }, { status: 204 });
      const { webhook } = await subscribe('/live', ['message.received']);
      await customerWrites('447700900350', 'Liv', 'Hello');
      const told = () =>
        adminSocket.events
          .filter((e) => e.event === 'outbound_webhook_delivery' && e.payload.webhookId === webhook.id)
          .map((e) => e.payload as OutboundDeliveryEvent);
      const [failed, delivered] = await eventually(async () => (told().length >= 2 ? told() : null));
      expect(failed).toMatchObject({ lastDelivery: { ok: false, statusCode: 500 }, gaveUp: false });
      expect(delivered).toMatchObject({ lastDelivery: { ok: true, statusCode: 204 }, gaveUp: false });
      const listed = (await t.request({ method: 'GET', url: '/api/outbound-webhooks', token: admin })).json().webhooks as OutboundWebhook[];
      expect(listed.find((w) => w.id === webhook.id)?.lastDelivery).toEqual(delivered?.lastDelivery);
      expect(agentSocket.events.filter((e) => e.event === 'outbound_webhook_delivery')).toEqual([]);
    } finally {
      adminSocket.close();
      agentSocket.close();
    }
  });

  it('delivers conversations handed to the agents, by an agent or by the bot', async () => {
    await subscribe('/handoffs', ['conversation.handed_off']);
    await customerWrites('447700900400', 'Dee', 'I need a person');
    await customerWrites('447700900401', 'Eve', 'Agent please');
    const [taken, byBot] = [await conversationOf('447700900400'), await conversationOf('447700900401')];

    const takeover = await t.request({
      method: 'POST',
      url: `/api/agent/session/${taken}/takeover`,
      token: admin,
      payload: { reason: 'VIP customer' },
    });
    expect(takeover.statusCode).toBe(200);
    const [byAgent] = await receivedAt('/handoffs', 1);
    expect(byAgent?.payload).toMatchObject({
      event: 'conversation.handed_off',
      data: {
        conversationId: taken,
        phone: '+447700900400',
        contactName: 'Dee',
        reason: 'VIP customer',
        by: 'agent',
        agent: { username: 'admin' },
        previousState: 'bot',
      },
    });

    const { messaging } = t.ctx;
    await inTransaction(t.ctx.database.db, async (tx) => {
      const held = await messaging.service.holdForBots(tx, [byBot]);
      await messaging.service.handOffToAgents(tx, [...held.values()], 'flow_handoff');
    });
    const [, fromBot] = await receivedAt('/handoffs', 2);
    expect(fromBot?.payload.data).toMatchObject({
      conversationId: byBot,
      phone: '+447700900401',
      reason: 'flow_handoff',
      by: 'bot',
      agent: null,
    });
  });

  it('delivers a campaign’s end with its counts', async () => {
    await subscribe('/campaigns', ['campaign.finished']);
    const template = await promoTemplate(t, admin, 'outbound_promo');
    const contacts = [1, 2].map((k) => ({ phone: `+4477009005${k}0`, name: `Fan ${k}`, variables: { code: `C${k}` } }));
    const campaign = await campaignWithContacts(t, admin, { name: 'Spring sale', templateId: template.id, ratePerSecond: 200 }, contacts);
    expect((await campaignAction(t, admin, campaign._id, 'start')).statusCode).toBe(200);
    const [finished] = await receivedAt('/campaigns', 1, 20_000);
    expect((await campaignStatus(t, admin, campaign._id)).status).toBe('completed');
    expect(finished?.payload).toMatchObject({
      event: 'campaign.finished',
      data: { campaignId: Number(campaign._id), name: 'Spring sale', counts: { total: 2, pending: 0, sending: 0, failed: 0 } },
    });
  });

  it('checks the address again at each attempt: a host no longer allowed is refused, and delivered once allowed again', async () => {
    const { webhook } = await subscribe('/recheck', ['message.received']);
    const setHosts = (hosts: string[]) =>
      t.request({ method: 'PUT', url: '/api/app/settings', token: admin, payload: { settings: { 'webhooks.allowed_hosts': hosts } } });
    await setHosts([]);
    await customerWrites('447700900500', 'Fay', 'Still there?');
    const refused = await eventually(async () => {
      const [first] = await deliveriesOf(webhook.id);
      return first?.attempts && first.statusCode === null && first.response ? first : null;
    });
    expect(refused.state).toBe('pending');
    expect(refused.response).toMatch(/^The address 127\.0\.0\.1 is a loopback address/);
    expect(receiver.received('/recheck')).toHaveLength(0);

    await setHosts(['127.0.0.1']);
    await receivedAt('/recheck', 1);
  });
});
