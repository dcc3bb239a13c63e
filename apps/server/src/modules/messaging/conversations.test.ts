import type { ConversationSummary } from '@wac/contract/chat';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { customerWrites, customerWroteAt, HOUR_MS, sandboxConversation } from './test/chat-test-kit.ts';

let agent: SeededUser;
const { t, log } = liveTestApp(
  async (app) => {
    agent = await addUser(app, { username: 'inbox-agent' });
    return agent.token;
  },
  { domains: ['messaging'] },
);

const get = (url: string, token: string | undefined = agent.token) => t.request({ method: 'GET', url, token });
const list = async (query = '') => {
  const res = await get(`/api/agent/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { conversations: ConversationSummary[]; pagination: { page: number; total: number; totalPages: number } };
};

describe('signed-in users only', () => {
  it('answers 401 to anonymous calls of every chat and session route', async () => {
    const routes = [
      ['GET', '/api/agent/conversations'],
      ['GET', '/api/agent/chat/447700900001'],
      ['POST', '/api/agent/message'],
      ['POST', '/api/agent/media'],
      ['POST', '/api/agent/mark-read'],
      ['GET', '/api/message-status/1'],
      ['GET', '/api/failed-messages'],
      ['POST', '/api/retry-message/1'],
      ['GET', '/api/agent/session/1'],
      ['POST', '/api/agent/session/1/takeover'],
      ['POST', '/api/agent/session/1/return-to-bot'],
      ['POST', '/api/agent/session/1/end'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await t.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });
});

describe('API documentation', () => {
  it('describes the chat and session routes', async () => {
    const res = await get('/api/docs/json', undefined);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/agent/conversations',
        '/api/agent/chat/{phone}',
        '/api/agent/media',
        '/api/retry-message/{id}',
        '/api/agent/session/{id}/end',
      ]),
    );
  });
});

describe('GET /api/agent/conversations', () => {
  let olga: ConversationSummary;

  beforeAll(async () => {
    const now = Date.now();
    await customerWroteAt(t, {
      from: '447700900101',
      name: 'Olga Petrova',
      texts: [{ text: 'Old question', at: new Date(now - 72 * HOUR_MS) }],
    });
    await customerWrites(t, { from: '447700900102', name: 'Ben Carter', text: 'First' });
    await customerWrites(t, { from: '447700900102', name: 'Ben Carter', text: 'Second, still waiting' });
    await customerWrites(t, { from: '+55 11 8765-4321', name: 'Maria Silva', text: 'Olá, tudo bem?' });
    olga = (await list('?search=olga')).conversations[0] as ConversationSummary;
  });

  it('lists the newest activity first with unread counts, a preview, the window and the session', async () => {
    const { conversations, pagination } = await list();
    expect(conversations.map((c) => c.contact.name)).toEqual(['Maria Silva', 'Ben Carter', 'Olga Petrova']);
    expect(pagination).toMatchObject({ page: 1, total: 3, totalPages: 1 });
    const [maria, ben] = conversations as [ConversationSummary, ConversationSummary];
    expect(maria.contact).toMatchObject({ phone: '5511987654321', waId: '551187654321' });
    expect(ben).toMatchObject({
      unreadCount: 2,
      lastMessage: { direction: 'inbound', type: 'text', preview: 'Second, still waiting', status: 'received' },
      session: { state: 'bot', userId: null, username: null },
    });
    expect(new Date(ben.windowExpiresAt ?? 0).getTime()).toBe(new Date(ben.lastInboundAt ?? 0).getTime() + 24 * HOUR_MS);
    expect(new Date(olga.windowExpiresAt ?? 0).getTime()).toBeLessThan(Date.now());
  });

  it('finds contacts by part of the name or the digits of the number in any format', async () => {
    expect((await list('?search=CART')).conversations.map((c) => c.contact.name)).toEqual(['Ben Carter']);
    expect((await list(`?search=${encodeURIComponent('+44 7700 900 101')}`)).conversations.map((c) => c.contact.name)).toEqual([
      'Olga Petrova',
    ]);
    expect((await list('?search=98765')).conversations.map((c) => c.contact.name)).toEqual(['Maria Silva']);
    const none = await list('?search=nobody%25');
    expect(none).toMatchObject({ conversations: [], pagination: { total: 0, totalPages: 1 } });
  });

  it('pages through the list', async () => {
    const second = await list('?page=2&limit=2');
    expect(second.conversations.map((c) => c.contact.name)).toEqual(['Olga Petrova']);
    expect(second.pagination).toMatchObject({ page: 2, total: 3, totalPages: 2 });
  });

  it('filters on last activity with startDate and endDate (a plain endDate includes its day)', async () => {
    const threeDaysAgo = new Date(Date.now() - 72 * HOUR_MS).toISOString().slice(0, 10);
    const old = await list(`?endDate=${threeDaysAgo}`);
    expect(old.conversations.map((c) => c.contact.name)).toEqual(['Olga Petrova']);
    const recent = await list(`?startDate=${encodeURIComponent(new Date(Date.now() - HOUR_MS).toISOString())}`);
    expect(recent.conversations.map((c) => c.contact.name)).toEqual(['Maria Silva', 'Ben Carter']);
    const bad = await get('/api/agent/conversations?startDate=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('startDate');
    const reversed = await get('/api/agent/conversations?startDate=2025-02-02&endDate=2025-01-01');
    expect(reversed.statusCode).toBe(400);
  });
});

describe('GET /api/agent/chat/{phone}', () => {
  it('pages a thread from the newest, each page oldest first, for the number in any format', async () => {
    const start = Date.now() - 2 * HOUR_MS;
    const texts = Array.from({ length: 60 }, (_, i) => ({ text: `Message ${i + 1}`, at: new Date(start + i * 1000) }));
    await customerWroteAt(t, { from: '447700900150', name: 'Long Thread', texts });

    const first = await get(`/api/agent/chat/${encodeURIComponent('+44 (7700) 900-150')}`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.conversation.contact.name).toBe('Long Thread');
    expect(page1.pagination).toMatchObject({ page: 1, limit: 50, total: 60, totalPages: 2 });
    expect(page1.messages).toHaveLength(50);
    expect(page1.messages[0].content.text).toBe('Message 11');
    expect(page1.messages[49].content.text).toBe('Message 60');
    expect(page1.messages[0]).toMatchObject({ direction: 'inbound', status: 'received', sender: null, media: null, retryCount: 0 });

    const page2 = (await get('/api/agent/chat/447700900150?page=2')).json();
    expect(page2.messages.map((m: { content: { text: string } }) => m.content.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${i + 1}`),
    );
  });

  it('answers an empty thread for a number nobody wrote from, and 400 for something that is not a number', async () => {
    const unknown = await get('/api/agent/chat/447700900199');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ conversation: null, messages: [], pagination: { total: 0 } });
    const bad = await get('/api/agent/chat/not-a-phone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('phone');
  });
});

describe('POST /api/agent/mark-read', () => {
  it('marks messages read, recounts the badge, tells every console and sends Meta a read receipt', async () => {
    const phone = '447700900160';
    const first = await customerWrites(t, { from: phone, name: 'Reader', text: 'One' });
    const second = await customerWrites(t, { from: phone, name: 'Reader', text: 'Two' });
    const third = await customerWrites(t, { from: phone, name: 'Reader', text: 'Three' });
    const unread = async () => (await get(`/api/agent/chat/${phone}`)).json().conversation.unreadCount;
    expect(await unread()).toBe(3);

    const res = await t.request({
      method: 'POST',
      url: '/api/agent/mark-read',
      token: agent.token,
      payload: { messages: [first.id, second.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, conversationIds: [first.conversationId] });
    expect(await unread()).toBe(1);
    const thread = (await get(`/api/agent/chat/${phone}`)).json().messages;
    expect(thread.map((m: { status: string; readAt: string | null }) => [m.status, m.readAt !== null])).toEqual([
      ['received', true],
      ['received', true],
      ['received', false],
    ]);
    await eventually(async () =>
      log.events.some(
        (e) => e.event === 'conversation_read' && e.payload.conversationId === first.conversationId && e.payload.unreadCount === 1,
      ),
    );
    // The receipt named the newest message read, so the customer's phone shows both as read, not the third.
    const seen = await sandboxConversation(t, phone);
    expect(seen.messages.map((m) => [m.text, m.status])).toEqual([
      ['One', 'read'],
      ['Two', 'read'],
      ['Three', 'delivered'],
    ]);

    const again = await t.request({
      method: 'POST',
      url: '/api/agent/mark-read',
      token: agent.token,
      payload: { messages: [first.id, third.id] },
    });
    expect(again.json()).toEqual({ updated: 1, conversationIds: [first.conversationId] });
    expect(await unread()).toBe(0);

    const tooLarge = await t.request({
      method: 'POST',
      url: '/api/agent/mark-read',
      token: agent.token,
      payload: { messages: [3_000_000_000] },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toContain('Id is too large');
  });

  it('marks the older unread messages of the conversation with the newest one seen, as WhatsApp receipts do', async () => {
    const phone = '447700900161';
    await customerWrites(t, { from: phone, name: 'Backlog', text: 'Old one' });
    await customerWrites(t, { from: phone, name: 'Backlog', text: 'Older one' });
    const newest = await customerWrites(t, { from: phone, name: 'Backlog', text: 'Newest' });
    const res = await t.request({ method: 'POST', url: '/api/agent/mark-read', token: agent.token, payload: { messages: [newest.id] } });
    expect(res.json()).toEqual({ updated: 3, conversationIds: [newest.conversationId] });
    expect((await get(`/api/agent/chat/${phone}`)).json().conversation.unreadCount).toBe(0);
  });

  it('refuses an empty or malformed list', async () => {
    const empty = await t.request({ method: 'POST', url: '/api/agent/mark-read', token: agent.token, payload: { messages: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('messages');
    const bad = await t.request({ method: 'POST', url: '/api/agent/mark-read', token: agent.token, payload: { messages: ['x'] } });
    expect(bad.statusCode).toBe(400);
  });
});
