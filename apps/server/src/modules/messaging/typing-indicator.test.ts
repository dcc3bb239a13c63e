import { describe, expect, it } from 'vitest';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { customerWrites, sandboxConversation } from './test/chat-test-kit.ts';

let admin: string;
const { t } = liveTestApp(
  async (app) => {
    admin = await app.adminToken();
    return admin;
  },
  { domains: ['messaging', 'settings'] },
);

const typing = async (conversationId: number) =>
  (await t.request({ method: 'POST', url: '/api/agent/typing', token: admin, payload: { conversationId } })).json() as { sent: boolean };
const readReceipts = (value: 'on' | 'off') =>
  t.request({ method: 'PUT', url: '/api/app/settings', token: admin, payload: { settings: { 'app.read_receipts': value } } });

describe("WhatsApp's typing indicator and read receipts", () => {
  it('shows the customer the business typing, at most every 20 seconds, until the agent writes', async () => {
    const inbound = await customerWrites(t, { from: '447700970001', name: 'Ty', text: 'Anyone there?' });
    expect(await typing(inbound.conversationId)).toEqual({ sent: true });
    const shown = await sandboxConversation(t, '447700970001');
    expect(shown.businessTyping).toBe(true);
    // The receipt that carries it marked the customer's message read on their phone.
    expect(shown.messages.find((m) => m.text === 'Anyone there?')?.status).toBe('read');
    expect(await typing(inbound.conversationId)).toEqual({ sent: false });

    const sent = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: admin,
      payload: { recipientPhone: '447700970001', message: 'Yes!' },
    });
    expect(sent.statusCode).toBe(201);
    await eventually(async () => ((await sandboxConversation(t, '447700970001')).businessTyping === false ? true : null));
    expect(
      (await t.request({ method: 'POST', url: '/api/agent/typing', token: admin, payload: { conversationId: 999999 } })).statusCode,
    ).toBe(404);
  });

  it('sends neither read receipts nor typing indicators once read receipts are off', async () => {
    expect((await readReceipts('off')).statusCode).toBe(200);
    try {
      const inbound = await customerWrites(t, { from: '447700970002', text: 'Quiet please' });
      expect(await typing(inbound.conversationId)).toEqual({ sent: false });
      const read = await t.request({ method: 'POST', url: '/api/agent/mark-read', token: admin, payload: { messages: [inbound.id] } });
      expect(read.json()).toMatchObject({ updated: 1 });
      // Read in the console; the customer's phone still shows it only delivered.
      const shown = await sandboxConversation(t, '447700970002');
      expect(shown.messages.find((m) => m.text === 'Quiet please')?.status).toBe('delivered');
      expect(shown.businessTyping).toBe(false);
    } finally {
      await readReceipts('on');
    }
  });
});
