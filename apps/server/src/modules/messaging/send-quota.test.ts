import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { createListeningTestApp, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { customerWrites, messageRows, sandboxConversation } from './test/chat-test-kit.ts';

let t: ListeningTestApp;
let agent: SeededUser;

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  agent = await addUser(t, { username: 'quota-agent' });
});
afterAll(() => t.close());

const send = (message: string) =>
  t.request({ method: 'POST', url: '/api/agent/message', token: agent.token, payload: { recipientPhone: '+447700900301', message } });

describe('the licence on agent sends', () => {
  it('counts each message against the daily quota and refuses past it, sending and storing nothing', async () => {
    const { conversationId } = await customerWrites(t, { from: '447700900301', name: 'Quinn', text: 'Hello?' });
    expect((await applyKey(t, mintKey({ plan: 'basic', quotas: { messages: 2 } }))).statusCode).toBe(200);
    expect((await send('first')).statusCode).toBe(201);
    const second = await send('second');
    expect(second.statusCode).toBe(201);
    expect(JSON.parse(second.headers['x-quota-warning'] as string)).toMatchObject({ code: 'QUOTA_WARNING', quotaType: 'messages' });

    const refused = await send('third');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      quotaType: 'messages',
      quota: { used: 2, limit: 2, requested: 1, available: 0 },
    });
    const texts = (await messageRows(t, conversationId))
      .filter((m) => m.direction === 'outbound')
      .map((m) => (m.content as { text: string }).text);
    expect(texts).toEqual(['first', 'second']);
    const phone = await sandboxConversation(t, '447700900301');
    expect(phone.messages.filter((m) => m.direction === 'to_customer').map((m) => m.text)).toEqual(['first', 'second']);
  });

  it('refuses media sends on a plan without media uploads, before the file is read', async () => {
    expect((await applyKey(t, mintKey({ plan: 'basic', features: { mediaUpload: false } }))).statusCode).toBe(200);
    const form = new FormData();
    form.append('recipientPhone', '+447700900301');
    form.append('file', new Blob([Buffer.from('hello')], { type: 'text/plain' }), 'note.txt');
    const res = await fetch(`${t.baseUrl}/api/agent/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'mediaUpload' });
  });

  it('takes more sends at once than the pool has connections: nothing in a send’s transaction waits for a second connection', async () => {
    expect((await applyKey(t, mintKey({ plan: 'professional' }))).statusCode).toBe(200);
    const phones = Array.from({ length: 14 }, (_, k) => `4477009004${String(k).padStart(2, '0')}`);
    for (const phone of phones) await customerWrites(t, { from: phone, name: `Pat ${phone.slice(-2)}`, text: 'Hi' });
    const sends = await Promise.all(
      phones.map((phone) =>
        t.request({
          method: 'POST',
          url: '/api/agent/message',
          token: agent.token,
          payload: { recipientPhone: `+${phone}`, message: 'On it' },
        }),
      ),
    );
    expect(sends.map((res) => res.statusCode)).toEqual(phones.map(() => 201));
  });
});
