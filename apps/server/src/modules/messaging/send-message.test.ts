import type { ChatMessage } from '@wac/contract/chat';
import { describeWhatsAppError } from '@wac/contract/whatsapp-errors';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { contacts, messages } from '../../db/schema.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { SERVICE_WINDOW_CLOSED_MESSAGE } from './queue-outbound.ts';
import { customerLastWrote, customerWrites, failNextSend, HOUR_MS, messageRows, sandboxConversation } from './test/chat-test-kit.ts';

let agent: SeededUser;
let adminToken: string;
const { t, log } = liveTestApp(
  async (app) => {
    agent = await addUser(app, { username: 'sender-agent' });
    adminToken = await app.adminToken();
    return adminToken;
  },
  { domains: ['messaging'] },
);

const send = (payload: Record<string, unknown>, token = agent.token) =>
  t.request({ method: 'POST', url: '/api/agent/message', token, payload });
const status = async (id: number) => (await t.request({ method: 'GET', url: `/api/message-status/${id}`, token: agent.token })).json();
const eventsFor = (event: string, messageId: number) =>
  log.events.filter((e) => e.event === event && e.payload.messageId === messageId).map((e) => e.payload.status);

describe('POST /api/agent/message inside the 24-hour window', () => {
  it('stores the message pending, sends it, and follows Meta’s statuses to read, live', async () => {
    const inbound = await customerWrites(t, { from: '447700900201', name: 'Nora', text: 'Is my order coming?' });
    const res = await send({ recipientPhone: '+44 7700 900201', recipientName: 'Someone else', message: 'Yes, tomorrow!' });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json().message as ChatMessage;
    expect(message).toMatchObject({
      conversationId: inbound.conversationId,
      direction: 'outbound',
      type: 'text',
      content: { text: 'Yes, tomorrow!' },
      sender: { id: agent.id, username: 'sender-agent' },
      error: null,
    });
    expect(message.wamid).toMatch(/^wamid\./);
    expect(['pending', 'sent', 'delivered']).toContain(message.status);

    const sent = await eventually(async () => log.events.find((e) => e.event === 'agent_message_sent'));
    expect(sent.payload).toMatchObject({ conversationId: inbound.conversationId, message: { id: message.id, status: 'pending' } });

    const final = await eventually(async () => {
      const s = await status(message.id);
      return s.status === 'read' ? s : null;
    });
    expect(final).toMatchObject({ id: message.id, wamid: message.wamid, error: null });
    expect(final.sentAt && final.deliveredAt && final.readAt).toBeTruthy();
    await eventually(async () => eventsFor('message_status', message.id).length === 3);
    expect(eventsFor('message_status_update', message.id)).toEqual(['sent', 'delivered', 'read']);
    expect(eventsFor('message_status', message.id)).toEqual(['sent', 'delivered', 'read']);

    // The customer's own name stays; the sandbox got exactly this text.
    const [contact] = await t.ctx.database.db.select().from(contacts).where(eq(contacts.phone, '447700900201'));
    expect(contact?.name).toBe('Nora');
    const phone = await sandboxConversation(t, '447700900201');
    expect(phone.messages.filter((m) => m.direction === 'to_customer').map((m) => m.text)).toEqual(['Yes, tomorrow!']);
  });

  it('takes the conversation over from the bot, and leaves it with an agent who already holds it', async () => {
    const inbound = await customerWrites(t, { from: '447700900202', name: 'Omar', text: 'Hello?' });
    expect((await send({ recipientPhone: '447700900202', message: 'Hi Omar' })).statusCode).toBe(201);
    const session = (await t.request({ method: 'GET', url: `/api/agent/session/${inbound.conversationId}`, token: agent.token })).json();
    expect(session).toMatchObject({ state: 'agent', userId: agent.id, username: 'sender-agent', reason: 'agent_takeover' });
    await eventually(async () => log.events.some((e) => e.event === 'agent_session_update' && e.payload.state === 'agent'));

    expect((await send({ recipientPhone: '447700900202', message: 'Admin here too' }, adminToken)).statusCode).toBe(201);
    const after = (await t.request({ method: 'GET', url: `/api/agent/session/${inbound.conversationId}`, token: agent.token })).json();
    expect(after).toMatchObject({ state: 'agent', username: 'sender-agent' });
  });
});

describe('the 24-hour customer service window', () => {
  it('refuses a free-form message once 24 hours have passed, before anything reaches Meta', async () => {
    const inbound = await customerWrites(t, { from: '447700900210', name: 'Late', text: 'Hi' });
    await customerLastWrote(t, inbound.conversationId, new Date(Date.now() - 25 * HOUR_MS));
    const res = await send({ recipientPhone: '447700900210', message: 'Sorry for the wait' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SERVICE_WINDOW_CLOSED_MESSAGE, code: 'SERVICE_WINDOW_CLOSED' });
    expect((await messageRows(t, inbound.conversationId)).map((m) => m.direction)).toEqual(['inbound']);
    const phone = await sandboxConversation(t, '447700900210');
    expect(phone.messages.filter((m) => m.direction === 'to_customer')).toEqual([]);
    expect(log.events.filter((e) => e.event === 'agent_message_sent')).toEqual([]);
  });

  it('still allows a message at 23 hours', async () => {
    const inbound = await customerWrites(t, { from: '447700900211', text: 'Hi' });
    await customerLastWrote(t, inbound.conversationId, new Date(Date.now() - 23 * HOUR_MS));
    expect((await send({ recipientPhone: '447700900211', message: 'Just in time' })).statusCode).toBe(201);
  });

  it('refuses a customer who never wrote, and creates no contact for them', async () => {
    const res = await send({ recipientPhone: '447700900212', recipientName: 'Stranger', message: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SERVICE_WINDOW_CLOSED');
    expect(await t.ctx.database.db.select().from(contacts).where(eq(contacts.phone, '447700900212'))).toEqual([]);
    expect((await sandboxConversation(t, '447700900212')).messages).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field for empty text, a missing recipient or a number that is not one', async () => {
    const empty = await send({ recipientPhone: '447700900201', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('message must not be empty');
    const missing = await send({ message: 'Hello' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('recipientPhone is required');
    const notANumber = await send({ recipientPhone: 'call me', message: 'Hello' });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().error).toContain('recipientPhone');
  });
});

describe('permanent errors and retry', () => {
  it('fails the message with Meta’s code and title, lists it, and a retry sends it again with a new id', async () => {
    const inbound = await customerWrites(t, { from: '447700900220', name: 'Gone', text: 'Hi' });
    await failNextSend(t, adminToken, { code: 131026, details: 'Receiver is incapable of receiving this message' });
    const res = await send({ recipientPhone: '447700900220', message: 'Are you there?' });
    expect(res.statusCode).toBe(201);
    const failed = res.json().message as ChatMessage;
    expect(failed).toMatchObject({
      conversationId: inbound.conversationId,
      status: 'failed',
      wamid: null,
      error: { code: 131026, title: 'Message undeliverable', details: 'Receiver is incapable of receiving this message' },
    });
    expect(describeWhatsAppError(failed.error?.code ?? undefined).explanation).toContain('may not be on WhatsApp');
    await eventually(async () => eventsFor('message_status_update', failed.id).includes('failed'));
    expect((await status(failed.id)).status).toBe('failed');

    const list = (await t.request({ method: 'GET', url: '/api/failed-messages', token: agent.token })).json();
    const listed = list.messages.find((m: { id: number }) => m.id === failed.id);
    expect(listed).toMatchObject({ contact: { phone: '447700900220', name: 'Gone' }, error: { code: 131026 } });

    const retried = await t.request({ method: 'POST', url: `/api/retry-message/${failed.id}`, token: agent.token });
    expect(retried.statusCode, retried.body).toBe(200);
    const again = retried.json().message as ChatMessage;
    expect(again).toMatchObject({ id: failed.id, retryCount: 1, error: null, failedAt: null, content: { text: 'Are you there?' } });
    expect(again.wamid).toMatch(/^wamid\./);
    await eventually(async () => (await status(failed.id)).status === 'read');
    await eventually(async () => eventsFor('message_status_update', failed.id).includes('read'));
    expect(eventsFor('message_status_update', failed.id)).toEqual(['failed', 'pending', 'sent', 'delivered', 'read']);
    const [row] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, failed.id));
    expect(row?.wamid).toBe(again.wamid);
    const phone = await sandboxConversation(t, '447700900220');
    expect(phone.messages.filter((m) => m.direction === 'to_customer').map((m) => [m.text, m.wamid])).toEqual([
      ['Are you there?', again.wamid],
    ]);
    const gone = (await t.request({ method: 'GET', url: '/api/failed-messages', token: agent.token })).json();
    expect(gone.messages.some((m: { id: number }) => m.id === failed.id)).toBe(false);
  });

  it('retries only failed outbound messages, and only inside the window', async () => {
    const inbound = await customerWrites(t, { from: '447700900221', text: 'Hi' });
    const notFailed = await t.request({ method: 'POST', url: `/api/retry-message/${inbound.id}`, token: agent.token });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().error).toBe('Only failed messages can be retried');
    expect((await t.request({ method: 'POST', url: '/api/retry-message/99999999', token: agent.token })).statusCode).toBe(404);

    await failNextSend(t, adminToken, { code: 131026 });
    const failed = (await send({ recipientPhone: '447700900221', message: 'Ping' })).json().message as ChatMessage;
    expect(failed.status).toBe('failed');
    await customerLastWrote(t, inbound.conversationId, new Date(Date.now() - 30 * HOUR_MS));
    const closed = await t.request({ method: 'POST', url: `/api/retry-message/${failed.id}`, token: agent.token });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().code).toBe('SERVICE_WINDOW_CLOSED');
    expect((await status(failed.id)).status).toBe('failed');
  });

  it('keeps failed messages to the time range asked for', async () => {
    const inbound = await customerWrites(t, { from: '447700900222', text: 'Hi' });
    await failNextSend(t, adminToken, { code: 131026 });
    const failed = (await send({ recipientPhone: '447700900222', message: 'Two hours ago' })).json().message as ChatMessage;
    expect(failed.conversationId).toBe(inbound.conversationId);
    await t.ctx.database.db
      .update(messages)
      .set({ failedAt: new Date(Date.now() - 2 * HOUR_MS) })
      .where(eq(messages.id, failed.id));
    const ids = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/failed-messages${query}`, token: agent.token }))
        .json()
        .messages.map((m: { id: number }) => m.id);
    expect(await ids('?timeRange=1h')).not.toContain(failed.id);
    expect(await ids('')).toContain(failed.id);
    expect(await ids('?timeRange=7d')).toContain(failed.id);
    expect((await t.request({ method: 'GET', url: '/api/failed-messages?timeRange=2d', token: agent.token })).statusCode).toBe(400);
  });
});
