import type { ChatMessage } from '@wac/contract/chat';
import { WEBHOOK_PATH } from '@wac/contract/whatsapp-webhook';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBsuid } from '../../whatsapp/sandbox/user-ids.ts';
import { inboundPayload, newWamid, statusPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { createListeningTestApp, eventually, type ListeningTestApp, postWebhook } from '../../whatsapp/test/listening-test-app.ts';
import { campaignAction, campaignStatus, campaignWithContacts, promoTemplate } from '../campaigns/test/campaign-test-kit.ts';
import { activeFlow, type SandboxProfile, sandboxCustomer } from '../flows/test/flow-runtime-kit.ts';
import { sampleFlow } from '../flows/test/flow-test-kit.ts';

/*
 * Customers who reach the business by WhatsApp username, named by a business-scoped user ID (BSUID) and no number,
 * over real HTTP against the sandbox: they are stored, shown and answered by the bot, an agent and a campaign, and
 * become one contact with one history once a webhook ties their BSUID to their number.
 */

let t: ListeningTestApp;
let admin: string;
beforeAll(async () => {
  t = await createListeningTestApp({ env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } });
  admin = await t.adminToken();
  await activeFlow(t, admin, sampleFlow('Greeting'), { keywords: ['hi'] });
});
afterAll(async () => {
  await t.close();
});

const customer = (phone: string, name: string, profile: SandboxProfile) =>
  sandboxCustomer(
    () => t,
    () => admin,
    phone,
    name,
    profile,
  );
const query = async <T extends Record<string, unknown>>(text: ReturnType<typeof sql>) => (await t.ctx.database.db.execute<T>(text)).rows;
const contactsNamed = (phone: string) =>
  query<{ id: number; phone: string | null; bsuid: string | null; username: string | null; wa_id: string }>(
    sql`SELECT id, phone, bsuid, username, wa_id FROM contacts WHERE phone = ${phone} OR bsuid = ${sandboxBsuid(phone)} ORDER BY id`,
  );
/** The customer's contacts once their message `text` is stored (webhooks are processed after Meta is answered). */
const stored = async (phone: string, text: string) => {
  await eventually(async () => {
    const rows = await query(sql`SELECT 1 FROM messages WHERE content->>'text' = ${text}`);
    return rows.length > 0 ? true : null;
  });
  return contactsNamed(phone);
};
const chat = async (address: string) => {
  const res = await t.request({ method: 'GET', url: `/api/agent/chat/${encodeURIComponent(address)}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { conversation: { id: number; contact: Record<string, unknown> } | null; messages: ChatMessage[] };
};
const business = () => ({
  wabaId: t.ctx.config.whatsapp.businessAccountId,
  phoneNumberId: t.ctx.config.whatsapp.phoneNumberId,
  displayPhoneNumber: '15550100001',
});

describe('a customer known only by their BSUID', () => {
  const phone = '447700950001';
  const bsuid = sandboxBsuid(phone);
  const ann = customer(phone, 'Ann', { username: 'ann.b', hideNumber: true });

  it('writes, is answered by the bot and then an agent, and is reached by a campaign, all by BSUID', async () => {
    await ann.says('hi');
    const [contact] = await stored(phone, 'hi');
    expect(contact).toMatchObject({ phone: null, bsuid, username: 'ann.b', wa_id: bsuid });
    // The bot's greeting flow answered: the sandbox delivered it to Ann's phone although the server never knew it.
    const greeted = await eventually(async () => ((await ann.received()).length >= 2 ? ann.received() : null));
    expect(greeted.map((m) => m.text)).toEqual(['Hi Ann, welcome!', 'How can we help?']);

    const thread = await chat(bsuid);
    expect(thread.conversation?.contact).toMatchObject({ phone: null, bsuid, username: 'ann.b', name: 'Ann' });

    const sent = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: admin,
      payload: { recipientPhone: bsuid, message: 'Hello Ann' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json().message as ChatMessage;
    expect(message.conversationId).toBe(thread.conversation?.id);
    await eventually(async () => ((await ann.received()).some((m) => m.text === 'Hello Ann' && m.status === 'read') ? true : null));
    const read = await eventually(async () => {
      const [row] = await query<{ status: string }>(sql`SELECT status FROM messages WHERE id = ${message.id}`);
      return row?.status === 'read' ? row : null;
    });
    expect(read.status).toBe('read');

    const template = await promoTemplate(t, admin, 'username_promo');
    const campaign = await campaignWithContacts(t, admin, { name: 'Username promo', templateId: template.id, ratePerSecond: 50 }, [
      { phone: bsuid, name: 'Ann', variables: { code: 'ANN10' } },
    ]);
    expect((await campaignAction(t, admin, campaign._id, 'start')).statusCode).toBe(200);
    const done = await eventually(async () => {
      const s = await campaignStatus(t, admin, campaign._id);
      return s.counts.delivered + s.counts.read === 1 ? s : null;
    }, 15_000);
    expect(done.counts).toMatchObject({ total: 1, failed: 0 });
    expect((await ann.received()).at(-1)?.text).toBe('Hi Ann, your code is ANN10.');
    // Everything went into the one conversation of the one contact.
    expect(await contactsNamed(phone)).toHaveLength(1);
    expect((await chat(bsuid)).messages.map((m) => m.content.text)).toContain('Hi Ann, your code is ANN10.');
  });

  it('stays one contact with one history once a later webhook shows their number', async () => {
    const before = await chat(bsuid);
    await ann.showsNumber('Here is my number after all');
    const [contact, ...others] = await stored(phone, 'Here is my number after all');
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ phone, bsuid, username: 'ann.b', wa_id: phone });
    const byNumber = await chat(`+${phone}`);
    expect(byNumber.conversation?.id).toBe(before.conversation?.id);
    // Meta's timestamps have whole seconds: the new message may sort beside the campaign's, not after it.
    expect(byNumber.messages.map((m) => m.content.text)).toContain('Here is my number after all');
    expect(byNumber.messages.length).toBe(before.messages.length + 1);
  });
});

describe('a customer known apart by number and by BSUID', () => {
  it('becomes one contact, with both histories in one conversation, when a webhook ties the two', async () => {
    const phone = '447700950002';
    const bsuid = sandboxBsuid(phone);
    // Written to by number first (before usernames: a payload with no BSUID).
    const early = inboundPayload(business(), {
      from: phone,
      name: 'Bo',
      wamid: newWamid(),
      message: { type: 'text', text: { body: 'old times' } },
    });
    expect((await postWebhook(t.baseUrl, early, { secret: t.ctx.config.whatsapp.appSecret })).status).toBe(200);
    await eventually(async () => ((await contactsNamed(phone)).length === 1 ? true : null));
    // Then with a username, hiding the number: a second contact, known by BSUID only.
    const bo = customer(phone, 'Bo', { username: 'bo.b', hideNumber: true });
    await bo.says('new me');
    await stored(phone, 'new me');
    expect((await contactsNamed(phone)).map((c) => [c.phone, c.bsuid])).toEqual([
      [phone, null],
      [null, bsuid],
    ]);
    await bo.showsNumber('both of me');
    const merged = await stored(phone, 'both of me');
    expect(merged.map((c) => [c.phone, c.bsuid, c.username])).toEqual([[phone, bsuid, 'bo.b']]);
    expect((await chat(bsuid)).messages.map((m) => m.content.text)).toEqual(['old times', 'new me', 'both of me']);
  });
});

describe('BSUID webhooks delivered again and out of order', () => {
  it('lose and duplicate nothing', async () => {
    const customers = Array.from({ length: 6 }, (_, k) => `4477009510${String(k).padStart(2, '0')}`);
    const sends = customers.flatMap((phone, k) =>
      [0, 1, 2].map((n) =>
        inboundPayload(business(), {
          from: null,
          userId: sandboxBsuid(phone),
          username: `user${k}`,
          wamid: `wamid.bsuid-replay-${k}-${n}`,
          date: new Date(Date.UTC(2026, 10, 1, 10, k, n)),
          message: { type: 'text', text: { body: `message ${n}` } },
        }),
      ),
    );
    const statuses = customers.map((phone, k) =>
      statusPayload(business(), {
        wamid: `wamid.bsuid-replay-${k}-0`,
        status: 'read',
        recipientId: null,
        recipientUserId: sandboxBsuid(phone),
      }),
    );
    const all = [...sends, ...sends, ...statuses];
    // A fixed shuffle, so a failure can be replayed.
    const keys = all.map((_, k) => (k * 48271 + 7) % 97);
    const shuffled = all
      .map((payload, k) => ({ payload, key: keys[k] as number }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.payload);
    await Promise.all(
      shuffled.map(async (payload) =>
        expect((await postWebhook(t.baseUrl, payload, { secret: t.ctx.config.whatsapp.appSecret })).status).toBe(200),
      ),
    );
    const counted = await eventually(async () => {
      const [row] = await query<{ messages: number; contacts: number; conversations: number }>(sql`
        SELECT count(*)::int AS messages, count(DISTINCT ct.id)::int AS contacts, count(DISTINCT c.id)::int AS conversations
        FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id
        WHERE m.wamid LIKE 'wamid.bsuid-replay-%'`);
      return row?.messages === 18 ? row : null;
    });
    expect(counted).toEqual({ messages: 18, contacts: 6, conversations: 6 });
    const names = await query<{ username: string; phone: string | null }>(
      sql`SELECT username, phone FROM contacts WHERE username LIKE 'user%' ORDER BY username`,
    );
    expect(names).toEqual(customers.map((_, k) => ({ username: `user${k}`, phone: null })));
  });

  it('records a message naming no customer as refused, shown in webhook health, and answers Meta 200', async () => {
    const nobody = inboundPayload(business(), { from: null, wamid: newWamid(), message: { type: 'text', text: { body: 'who am I' } } });
    expect((await postWebhook(t.baseUrl, nobody, { secret: t.ctx.config.whatsapp.appSecret })).status).toBe(200);
    const health = await eventually(async () => {
      const res = await t.request({ method: 'GET', url: `${WEBHOOK_PATH}/health`, token: admin });
      const body = res.json();
      return body.refusedLast24h > 0 ? body : null;
    });
    expect(health.lastRefusal.reason).toBe('A customer’s message named neither a phone number nor a WhatsApp user ID');
  });
});
