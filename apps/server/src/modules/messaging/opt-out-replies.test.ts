import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_OPT_IN_CONFIRMATION, DEFAULT_OPT_OUT_CONFIRMATION, DEFAULT_OPT_OUT_KEYWORDS } from '@wac/contract/app-settings-defaults';
import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createListeningTestApp,
  type EventLog,
  eventually,
  type ListeningTestApp,
  listenToEvents,
} from '../../whatsapp/test/listening-test-app.ts';
import { activeFlow, type SandboxCustomer, sandboxCustomers } from '../flows/test/flow-runtime-kit.ts';
import { sampleFlow } from '../flows/test/flow-test-kit.ts';

let t: ListeningTestApp;
let admin: string;
let log: EventLog;

beforeAll(async () => {
  t = await createListeningTestApp();
  admin = await t.adminToken();
  log = await listenToEvents(t.baseUrl, admin);
  // The number answers every customer: whatever they write that no keyword catches starts the greeting.
  await activeFlow(t, admin, sampleFlow('Default greeting'), { isDefault: true });
});
afterAll(async () => {
  log.close();
  await t.close();
});

const newCustomer = sandboxCustomers(
  () => t,
  () => admin,
  '4477008',
);
type Customer = SandboxCustomer;

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.ctx.database.pool.query(text, values)).rows as T[];

/** Every webhook processed, every queued message answered and every reply sent, then a moment for anything late. */
async function settled(): Promise<void> {
  await eventually(async () => {
    const [row] = await query<{ inbox: number; events: number; pending: number }>(`SELECT
      (SELECT count(*) FROM flow_inbox)::int AS inbox,
      (SELECT count(*) FROM webhook_events WHERE processed_at IS NULL)::int AS events,
      (SELECT count(*) FROM messages WHERE direction = 'outbound' AND status = 'pending')::int AS pending`);
    return row?.inbox === 0 && row.events === 0 && row.pending === 0;
  });
  await sleep(300);
}

/** What the business sent the customer, as the sandbox's Graph API took it, once everything settled. */
async function receivedTexts(customer: Customer): Promise<(string | null | undefined)[]> {
  await settled();
  return (await customer.received()).map((m: SandboxMessage) => m.text);
}

const optedOut = async (customer: Customer) => {
  const res = await t.request({ method: 'GET', url: `/api/agent/chat/${customer.phone}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversation.optedOut as boolean;
};

const sessionsOf = (customer: Customer) =>
  query<{ status: string; ended_reason: string | null }>(
    `SELECT s.status, s.ended_reason FROM flow_sessions s JOIN conversations c ON c.id = s.conversation_id
     JOIN contacts k ON k.id = c.contact_id WHERE k.phone = $1 ORDER BY s.created_at`,
    [customer.phone],
  );

async function setSettings(settings: Record<string, unknown>): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/app/settings', token: admin, payload: { settings } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('opt-out words come before any bot', () => {
  it('STOP to a number with a default flow gets the confirmation alone, and START opts back in', async () => {
    const ann = newCustomer('Ann');
    await ann.says('Stop!');
    expect(await receivedTexts(ann)).toEqual([DEFAULT_OPT_OUT_CONFIRMATION]);
    expect(await sessionsOf(ann)).toEqual([]);
    expect(await optedOut(ann)).toBe(true);
    expect(await t.ctx.messaging.service.optedOut([`+${ann.phone}`], await t.ctx.settings.optKeywords())).toEqual(
      new Set([`+${ann.phone}`]),
    );
    expect(log.events).toContainEqual({ event: 'contact_opt_out', payload: { phone: ann.phone, optedOut: true } });

    await ann.says('start');
    expect(await receivedTexts(ann)).toEqual([DEFAULT_OPT_OUT_CONFIRMATION, DEFAULT_OPT_IN_CONFIRMATION]);
    expect(await sessionsOf(ann)).toEqual([]);
    expect(await optedOut(ann)).toBe(false);
    expect(log.events).toContainEqual({ event: 'contact_opt_out', payload: { phone: ann.phone, optedOut: false } });

    // Back in: the bot answers as before.
    await ann.says('Hello');
    const texts = await receivedTexts(ann);
    expect(texts.slice(2)).toEqual(['Hi Ann, welcome!', 'How can we help?']);
  });

  it("STOP while the bot waits for an answer ends the bot's session without another word", async () => {
    const bob = newCustomer('Bob');
    await bob.says('Hello');
    await eventually(async () => (await bob.received()).length >= 2);
    expect((await sessionsOf(bob)).map((s) => s.status)).toEqual(['waiting']);

    await bob.says('UNSUBSCRIBE');
    const texts = await receivedTexts(bob);
    expect(texts).toEqual(['Hi Bob, welcome!', 'How can we help?', DEFAULT_OPT_OUT_CONFIRMATION]);
    expect(await sessionsOf(bob)).toEqual([{ status: 'ended', ended_reason: 'opted_out' }]);
  });

  it('START from a customer who never opted out is an ordinary message the bot answers', async () => {
    const cleo = newCustomer('Cleo');
    await cleo.says('START');
    expect(await receivedTexts(cleo)).toEqual(['Hi Cleo, welcome!', 'How can we help?']);
    expect(await optedOut(cleo)).toBe(false);
  });

  it('the confirmation goes out in a conversation an agent holds too, which stays with the agent', async () => {
    const dan = newCustomer('Dan');
    await dan.says('Hello');
    await eventually(async () => (await dan.received()).length >= 2);
    const conversationId = (
      await query<{ id: number }>('SELECT c.id FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE k.phone = $1', [dan.phone])
    )[0]?.id;
    const taken = await t.request({ method: 'POST', url: `/api/agent/session/${conversationId}/takeover`, token: admin, payload: {} });
    expect(taken.statusCode, taken.body).toBe(200);

    await dan.says('stop');
    expect((await receivedTexts(dan)).slice(2)).toEqual([DEFAULT_OPT_OUT_CONFIRMATION]);
    const session = await t.request({ method: 'GET', url: `/api/agent/session/${conversationId}`, token: admin });
    expect(session.json()).toMatchObject({ state: 'agent' });
  });

  it("follows the admin's words and confirmation (Settings), and sends nothing when the confirmation is blank", async () => {
    await setSettings({ 'app.opt_out_keywords': ['BASTA'], 'app.opt_out_confirmation': 'Ciao: niente più messaggi.' });
    try {
      const eve = newCustomer('Eve');
      await eve.says('basta');
      expect(await receivedTexts(eve)).toEqual(['Ciao: niente più messaggi.']);
      expect(await optedOut(eve)).toBe(true);

      await setSettings({ 'app.opt_out_confirmation': '' });
      const fay = newCustomer('Fay');
      await fay.says('BASTA');
      expect(await receivedTexts(fay)).toEqual([]);
      expect(await sessionsOf(fay)).toEqual([]);
      expect(await optedOut(fay)).toBe(true);
    } finally {
      await setSettings({
        'app.opt_out_keywords': [...DEFAULT_OPT_OUT_KEYWORDS],
        'app.opt_out_confirmation': DEFAULT_OPT_OUT_CONFIRMATION,
      });
    }
  });
});
