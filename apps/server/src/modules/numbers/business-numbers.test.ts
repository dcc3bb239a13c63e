import type { ChatMessage } from '@wac/contract/chat';
import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import type { SandboxConversation } from '@wac/contract/whatsapp-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import type { SendCounts } from '../../whatsapp/sandbox/send-counter.ts';
import { inboundPayload, newWamid } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { createListeningTestApp, eventually, type ListeningTestApp, postWebhook } from '../../whatsapp/test/listening-test-app.ts';
import { campaignAction, campaignStatus, campaignWithContacts, promoTemplate } from '../campaigns/test/campaign-test-kit.ts';
import { activeFlow } from '../flows/test/flow-runtime-kit.ts';
import { sampleFlow } from '../flows/test/flow-test-kit.ts';

/*
 * Several numbers of one WhatsApp Business Account, over real HTTP against the sandbox (which plays two): admins list,
 * add (checked against the Graph API), rename and disable them; a conversation belongs to the number the customer wrote
 * to and everything sent in it leaves from there; campaigns choose their number and are paced per number.
 */

const SECOND = '100000000000002';
let t: ListeningTestApp;
let admin: string;
let agent: SeededUser;
let first: string;
beforeAll(async () => {
  t = await createListeningTestApp({ env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } });
  admin = await t.adminToken();
  agent = await addUser(t, { username: 'numbers-agent' });
  first = t.ctx.config.whatsapp.phoneNumberId;
  await activeFlow(t, admin, sampleFlow('Greeting'), { keywords: ['bot please'] });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, token = admin) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const sandbox = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T> => {
  const res = await api(method, `/sandbox/control/${path}`, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const writes = (from: string, to: string, text: string) => sandbox('POST', 'inbound', { type: 'text', from, to, name: 'Nia', text });
const phoneShows = (phone: string, number: string) => sandbox<SandboxConversation>('GET', `conversation?phone=${phone}&number=${number}`);
const stored = (text: string) =>
  eventually(async () => {
    const { rows } = await t.ctx.database.db.execute<{ conversation_id: number; phone_number_id: string }>(sql`
      SELECT m.conversation_id, c.phone_number_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.content->>'text' = ${text}`);
    return rows[0] ?? null;
  });

describe('the business numbers', () => {
  it('lists the first number, and adds the second once Meta knows it, refusing an unknown id, a repeat and an agent', async () => {
    const listed = (await api('GET', '/api/whatsapp/numbers', undefined, agent.token)).json().numbers as BusinessNumber[];
    expect(listed.map((n) => [n.phoneNumberId, n.first, n.enabled])).toEqual([[first, true, true]]);

    const unknown = await api('POST', '/api/whatsapp/numbers', { phoneNumberId: '999999999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Meta does not know the phone-number id 999999999999/);
    expect((await api('POST', '/api/whatsapp/numbers', { phoneNumberId: 'not digits' })).statusCode).toBe(400);
    expect((await api('POST', '/api/whatsapp/numbers', { phoneNumberId: SECOND }, agent.token)).statusCode).toBe(403);

    const added = await api('POST', '/api/whatsapp/numbers', { phoneNumberId: SECOND, name: 'Sales' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().number).toMatchObject({
      phoneNumberId: SECOND,
      name: 'Sales',
      displayPhoneNumber: '15550100002',
      verifiedName: 'Sandbox Business',
      qualityRating: 'GREEN',
      messagingLimit: 'TIER_1K',
      uniqueCustomersPer24h: 1000,
      first: false,
      enabled: true,
    });
    expect((await api('POST', '/api/whatsapp/numbers', { phoneNumberId: SECOND })).statusCode).toBe(409);
  });

  it('lists a number a customer wrote to that nobody added, named by the display number of the webhook', async () => {
    const business = {
      wabaId: t.ctx.config.whatsapp.businessAccountId,
      phoneNumberId: '100000000000009',
      displayPhoneNumber: '15550100009',
    };
    const payload = inboundPayload(business, {
      from: '447700960009',
      wamid: newWamid(),
      message: { type: 'text', text: { body: 'To the ninth' } },
    });
    expect((await postWebhook(t.baseUrl, payload, { secret: t.ctx.config.whatsapp.appSecret })).status).toBe(200);
    expect((await stored('To the ninth')).phone_number_id).toBe('100000000000009');
    const listed = (await api('GET', '/api/whatsapp/numbers')).json().numbers as BusinessNumber[];
    expect(listed.find((n) => n.phoneNumberId === '100000000000009')).toMatchObject({
      displayPhoneNumber: '15550100009',
      name: '+15550100009',
      enabled: true,
    });
    // Adding it again is refused before Meta is asked.
    expect((await api('POST', '/api/whatsapp/numbers', { phoneNumberId: '100000000000009' })).statusCode).toBe(409);
  });

  it('renames and disables a number, never the first', async () => {
    const [one, two] = (await api('GET', '/api/whatsapp/numbers')).json().numbers as BusinessNumber[];
    const refused = await api('PUT', `/api/whatsapp/numbers/${one?.id}`, { enabled: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('The first number (WHATSAPP_PHONE_NUMBER_ID) cannot be disabled');
    expect((await api('PUT', `/api/whatsapp/numbers/${two?.id}`, { name: 'Sales desk' })).json().number.name).toBe('Sales desk');
    expect((await api('PUT', `/api/whatsapp/numbers/${two?.id}`, {})).statusCode).toBe(400);
    expect((await api('PUT', '/api/whatsapp/numbers/99999', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('conversations on two numbers', () => {
  it('answers each customer from the number they wrote to, and keeps their two conversations apart', async () => {
    const phone = '447700960001';
    await writes(phone, SECOND, 'Hello sales');
    const onSecond = await stored('Hello sales');
    expect(onSecond.phone_number_id).toBe(SECOND);
    // The agent answers the customer's latest conversation: the second number's.
    const reply = await api('POST', '/api/agent/message', { recipientPhone: `+${phone}`, message: 'Sales here' }, agent.token);
    expect(reply.statusCode, reply.body).toBe(201);
    expect((reply.json().message as ChatMessage).conversationId).toBe(onSecond.conversation_id);
    await eventually(async () => ((await phoneShows(phone, SECOND)).messages.some((m) => m.text === 'Sales here') ? true : null));

    await writes(phone, first, 'Hello support');
    const onFirst = await stored('Hello support');
    expect(onFirst.conversation_id).not.toBe(onSecond.conversation_id);
    const fromFirst = await api('POST', '/api/agent/message', { recipientPhone: phone, from: first, message: 'Support here' }, agent.token);
    expect(fromFirst.statusCode, fromFirst.body).toBe(201);
    await eventually(async () => ((await phoneShows(phone, first)).messages.some((m) => m.text === 'Support here') ? true : null));
    expect((await phoneShows(phone, SECOND)).messages.map((m) => m.text)).toEqual(['Hello sales', 'Sales here']);

    // The inbox filters by number, and the thread opens on the number asked for.
    const list = (await api('GET', `/api/agent/conversations?phoneNumberId=${SECOND}`, undefined, agent.token)).json();
    expect(list.conversations.map((c: { id: number }) => c.id)).toContain(onSecond.conversation_id);
    expect(list.conversations.every((c: { phoneNumberId: string }) => c.phoneNumberId === SECOND)).toBe(true);
    const thread = (await api('GET', `/api/agent/chat/${phone}?phoneNumberId=${SECOND}`, undefined, agent.token)).json();
    expect(thread.conversation.id).toBe(onSecond.conversation_id);
  });

  it('sends nothing from a disabled number: agents and campaigns are refused, the customer’s message is still stored', async () => {
    const [, two] = (await api('GET', '/api/whatsapp/numbers')).json().numbers as BusinessNumber[];
    const template = await promoTemplate(t, admin, 'numbers_promo');
    const campaign = await campaignWithContacts(
      t,
      admin,
      { name: 'From sales', templateId: template.id, phoneNumberId: '+1 555 010 0002' },
      [{ phone: '+447700960002', name: 'Ola', variables: { code: 'X1' } }],
    );
    expect(campaign.phoneNumberId).toBe(SECOND);
    expect((await api('DELETE', `/api/whatsapp/numbers/${two?.id}`)).json().number.enabled).toBe(false);

    const send = await api('POST', '/api/agent/message', { recipientPhone: '447700960001', from: SECOND, message: 'No' }, agent.token);
    expect(send.statusCode).toBe(400);
    expect(send.json().error).toBe('The WhatsApp number Sales desk (+15550100002) is disabled');
    const start = await campaignAction(t, admin, campaign._id, 'start');
    expect(start.statusCode).toBe(400);
    await writes('447700960003', SECOND, 'bot please');
    const kept = await stored('bot please');
    expect(kept.phone_number_id).toBe(SECOND);
    // The bot's flow runs, but says nothing from a disabled number.
    await eventually(async () => {
      const { rows } = await t.ctx.database.db.execute(sql`SELECT 1 FROM flow_sessions WHERE conversation_id = ${kept.conversation_id}`);
      return rows.length > 0 ? true : null;
    });
    const { rows: replies } = await t.ctx.database.db.execute(
      sql`SELECT 1 FROM messages WHERE conversation_id = ${kept.conversation_id} AND direction = 'outbound'`,
    );
    expect(replies).toEqual([]);
    await api('PUT', `/api/whatsapp/numbers/${two?.id}`, { enabled: true });
  });

  it('paces campaigns per number: two at once, each under its own cap in every calendar second', async () => {
    await sandbox('DELETE', 'sends');
    const template = await promoTemplate(t, admin, 'numbers_paced');
    const people = (prefix: string) =>
      Array.from({ length: 40 }, (_, k) => ({
        phone: `+44770097${prefix}${String(k).padStart(3, '0')}`,
        name: 'P',
        variables: { code: `C${k}` },
      }));
    const fields = (phoneNumberId: string) => ({
      name: `Paced ${phoneNumberId}`,
      templateId: template.id,
      ratePerSecond: 20,
      phoneNumberId,
    });
    const a = await campaignWithContacts(t, admin, fields(first), people('1'));
    const b = await campaignWithContacts(t, admin, fields(SECOND), people('2'));
    for (const c of [a, b]) expect((await campaignAction(t, admin, c._id, 'start')).statusCode).toBe(200);
    for (const c of [a, b]) {
      await eventually(async () => ((await campaignStatus(t, admin, c._id)).status === 'completed' ? true : null), 20_000);
    }
    const { byNumber } = await sandbox<SendCounts>('GET', 'sends');
    expect(byNumber[first]?.total).toBe(40);
    expect(byNumber[SECOND]?.total).toBe(40);
    expect(byNumber[first]?.maxInCalendarSecond).toBeLessThanOrEqual(20);
    expect(byNumber[SECOND]?.maxInCalendarSecond).toBeLessThanOrEqual(20);
  });
});
