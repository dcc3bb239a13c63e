import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import {
  createListeningTestApp,
  type EventLog,
  eventually,
  type ListeningTestApp,
  listenToEvents,
} from '../../whatsapp/test/listening-test-app.ts';
import { lastActivity } from '../license/test/license-test-kit.ts';
import { handleWebhookEvents } from '../messaging/handle-webhook-events.ts';
import {
  activeFlow,
  colourFlow,
  confirmFlow,
  orderFlow,
  restartOnDatabase,
  type SandboxCustomer,
  sandboxCustomers,
  surveyFlow,
} from './test/flow-runtime-kit.ts';
import { sampleFlow } from './test/flow-test-kit.ts';

let t: ListeningTestApp;
let admin: string;
let log: EventLog;
let orderApi: Server;
const orderRequests: { url: string; headers: IncomingHttpHeaders }[] = [];

/** Ends a transaction a test looked into, carrying out what it saw. */
class Rollback extends Error {
  constructor(readonly wamids: string[]) {
    super('rolled back');
  }
}

beforeAll(async () => {
  t = await createListeningTestApp();
  admin = await t.adminToken();
  log = await listenToEvents(t.baseUrl, admin);
  orderApi = createServer((request, response) => {
    orderRequests.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ order: { status: 'shipped', items: 2 } }));
  });
  await new Promise<void>((resolve) => orderApi.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(orderApi.address() as AddressInfo).port}`;
  await activeFlow(t, admin, sampleFlow('Greeting'), { keywords: ['hi'] });
  await activeFlow(t, admin, colourFlow(), { keywords: ['colours'] });
  await activeFlow(t, admin, confirmFlow(), { keywords: ['confirm'] });
  await activeFlow(t, admin, orderFlow(apiBase), { keywords: ['order'] });
  await activeFlow(t, admin, surveyFlow(), { keywords: ['survey'] });
});
afterAll(async () => {
  log.close();
  await t.close();
  await new Promise((resolve) => orderApi.close(resolve));
});

/** A customer never seen before in this file. */
const newCustomer = sandboxCustomers(
  () => t,
  () => admin,
  '4477009',
);
type Customer = SandboxCustomer;

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.ctx.database.pool.query(text, values)).rows as T[];

/** The business messages the customer has, once there are `count` of them. */
const received = (customer: Customer, count: number) =>
  eventually(async () => {
    const messages = await customer.received();
    return messages.length >= count ? messages : null;
  });
const texts = (messages: SandboxMessage[]) => messages.map((m) => m.text);

/** Every webhook processed and every queued message answered, then a moment for sends under way. */
async function settled(): Promise<void> {
  await eventually(async () => {
    const [row] = await query<{ inbox: number; events: number }>(`SELECT
      (SELECT count(*) FROM flow_inbox)::int AS inbox,
      (SELECT count(*) FROM webhook_events WHERE processed_at IS NULL)::int AS events`);
    return row?.inbox === 0 && row.events === 0;
  });
  await sleep(300);
}

const conversationOf = async (customer: Customer) =>
  (
    await query<{ id: number }>('SELECT c.id FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE k.phone = $1', [
      customer.phone,
    ])
  )[0]?.id as number;

const sessionOf = async (customer: Customer) =>
  (
    await query<{
      id: string;
      status: string;
      current_node_id: string | null;
      ended_reason: string | null;
      timeout_at: Date | null;
      variables: Record<string, string>;
    }>('SELECT * FROM flow_sessions WHERE conversation_id = $1 ORDER BY created_at DESC LIMIT 1', [await conversationOf(customer)])
  )[0];

const agentSession = async (customer: Customer) =>
  (await t.request({ method: 'GET', url: `/api/agent/session/${await conversationOf(customer)}`, token: admin })).json();

/** Runs the timers job now (the no-answer timeouts and the idle sweep), waiting for one already under way. */
async function runTimers(): Promise<void> {
  await eventually(() =>
    t.ctx.jobs
      .runNow('flows.session-timers')
      .then(() => true)
      .catch(() => false),
  );
}

describe('customers talking to a bot flow over WhatsApp', () => {
  it('greets a customer writing a keyword with reply buttons, and a tapped button follows its branch', async () => {
    const ann = newCustomer('Ann');
    await ann.says('Hi');
    const greeting = await received(ann, 2);
    expect(greeting.map((m) => m.type)).toEqual(['text', 'interactive']);
    expect(greeting[0]?.text).toBe('Hi Ann, welcome!');
    expect(greeting[1]).toMatchObject({
      text: 'How can we help?',
      interactive: {
        kind: 'buttons',
        buttons: [
          { id: 'sales', title: 'Sales' },
          { id: 'support', title: 'Support' },
        ],
      },
    });
    expect(await sessionOf(ann)).toMatchObject({ status: 'waiting', current_node_id: 'ask', variables: { name: 'Ann', phone: ann.phone } });

    await ann.taps('support', 'Support');
    const all = await received(ann, 3);
    expect(all[2]?.text).toBe('Goodbye');
    expect(await sessionOf(ann)).toMatchObject({ status: 'ended', ended_reason: 'completed', variables: { topic: 'Support' } });

    // The bot's messages are in the chat like any other (no agent), with Meta's ids, and went out live.
    const conversationId = await conversationOf(ann);
    const stored = await eventually(async () => {
      const rows = await query<{ user_id: number | null; wamid: string | null; type: string }>(
        "SELECT user_id, wamid, type FROM messages WHERE conversation_id = $1 AND direction = 'outbound' ORDER BY id",
        [conversationId],
      );
      return rows.every((m) => m.wamid?.startsWith('wamid.')) ? rows : null;
    });
    expect(stored.map((m) => [m.type, m.user_id])).toEqual([
      ['text', null],
      ['interactive', null],
      ['text', null],
    ]);
    const live = log.events.filter((e) => e.event === 'agent_message_sent');
    expect(live.map((e) => (e.payload.message as { content: { text: string } }).content.text)).toEqual(
      expect.arrayContaining(['Hi Ann, welcome!', 'How can we help?', 'Goodbye']),
    );
    // Marked as the bot's, with the buttons it offered, for the agents' thread.
    const offered = await t.request({ method: 'GET', url: `/api/agent/chat/${ann.phone}`, token: await t.adminToken() });
    expect(offered.json().messages.filter((m: { direction: string }) => m.direction === 'outbound')).toEqual([
      expect.objectContaining({ content: { text: 'Hi Ann, welcome!', sentBy: 'bot' } }),
      expect.objectContaining({
        content: {
          text: 'How can we help?',
          sentBy: 'bot',
          raw: {
            type: 'button',
            buttons: [
              { id: 'sales', title: 'Sales' },
              { id: 'support', title: 'Support' },
            ],
          },
        },
      }),
      expect.objectContaining({ content: { text: 'Goodbye', sentBy: 'bot' } }),
    ]);
    expect(await agentSession(ann)).toMatchObject({ state: 'bot' });
  });

  it('hands the customer to the agents on the condition’s true branch: agent state, an activity and a notification', async () => {
    const bob = newCustomer('Bob');
    await bob.says('hi');
    await received(bob, 2);
    await bob.taps('sales', 'Sales');
    const all = await received(bob, 3);
    expect(all[2]?.text).toBe('Connecting you to an agent');
    await eventually(async () => (await agentSession(bob)).state === 'agent');
    expect(await agentSession(bob)).toMatchObject({ state: 'agent', userId: null, reason: 'bot_handoff' });
    expect(await sessionOf(bob)).toMatchObject({ status: 'ended', ended_reason: 'handoff' });
    expect(await lastActivity(t, 'flow_handoff')).toMatchObject({ user_id: null, source_type: 'system', data: { name: 'Bob' } });
    await eventually(async () =>
      log.events.some((e) => e.event === 'new_notification' && e.payload.type === 'flow_handoff')
        ? log.events.some((e) => e.event === 'agent_session_update' && e.payload.state === 'agent')
        : false,
    );

    // The agents have it now: the bot stays quiet, whatever the customer writes.
    await bob.says('hi');
    await settled();
    expect(await bob.received()).toHaveLength(3);

    // The first agent to answer claims it.
    const answered = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: admin,
      payload: { recipientPhone: `+${bob.phone}`, message: 'Hello Bob, Sales here' },
    });
    expect(answered.statusCode).toBe(201);
    expect(await agentSession(bob)).toMatchObject({ state: 'agent', userId: expect.any(Number), reason: 'agent_takeover' });
  });

  it('records a reply Meta refuses as failed with Meta’s error, and still sends the next one', async () => {
    const pia = newCustomer('Pia');
    const failNext = await t.request({
      method: 'POST',
      url: '/sandbox/control/fail-next',
      token: admin,
      payload: { code: 131026, httpStatus: 400, count: 1 },
    });
    expect(failNext.statusCode).toBe(200);
    await pia.says('hi');
    const [question] = await received(pia, 1);
    expect(question?.text).toBe('How can we help?');
    const conversationId = await conversationOf(pia);
    const stored = await eventually(async () => {
      const rows = await query<{ status: string; error_code: number | null; wamid: string | null }>(
        "SELECT status, error_code, wamid FROM messages WHERE conversation_id = $1 AND direction = 'outbound' ORDER BY id",
        [conversationId],
      );
      return rows.length === 2 && rows[1]?.wamid ? rows : null;
    });
    expect(stored[0]).toMatchObject({ status: 'failed', error_code: 131026, wamid: null });
    expect(await sessionOf(pia)).toMatchObject({ status: 'waiting', current_node_id: 'ask' });
  });

  it('offers more than 3 options as a list, answered by a row id or by typing a title', async () => {
    const cleo = newCustomer('Cleo');
    await cleo.says('colours');
    const [list] = await received(cleo, 1);
    expect(list).toMatchObject({ type: 'interactive', text: 'Pick a colour', interactive: { kind: 'list', button: 'Colours' } });
    const rows = list?.interactive?.kind === 'list' ? list.interactive.sections.flatMap((s) => s.rows) : [];
    expect(rows.map((r) => r.id)).toEqual(['red', 'green', 'blue', 'yellow', 'purple']);
    await cleo.picks('blue', 'Blue');
    expect(texts(await received(cleo, 2))[1]).toBe('You chose Blue');

    const dan = newCustomer('Dan');
    await dan.says('Colours');
    await received(dan, 1);
    await dan.says('  purple ');
    expect(texts(await received(dan, 2))[1]).toBe('You chose Purple');
  });

  it('asks again after an answer that matches nothing, then follows the fallback edge', async () => {
    const eve = newCustomer('Eve');
    await eve.says('confirm');
    await received(eve, 1);
    await eve.says('maybe');
    const again = await received(eve, 3);
    expect(again.slice(1).map((m) => [m.type, m.text])).toEqual([
      ['text', 'Please answer yes or no'],
      ['interactive', 'Shall we book it?'],
    ]);
    await eve.says('I do not know');
    expect(texts(await received(eve, 4))[3]).toBe('Let me find someone to help');
    expect(await sessionOf(eve)).toMatchObject({ status: 'ended', ended_reason: 'completed' });
  });

  it('calls an HTTP endpoint on an allowed host and puts a field of its JSON answer in the next message', async () => {
    const refused = newCustomer('Finn');
    await refused.says('order');
    expect(texts(await received(refused, 1))).toEqual(['Sorry, orders cannot be looked up now']);
    expect(orderRequests).toHaveLength(0);

    const allowed = await t.request({
      method: 'PUT',
      url: '/api/app/settings',
      token: admin,
      payload: { settings: { 'flows.allowed_hosts': [' 127.0.0.1 '] } },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().settings['flows.allowed_hosts']).toEqual(['127.0.0.1']);
    // Hosts of the intranet are not for the sign-in page.
    expect((await t.request({ method: 'GET', url: '/api/app/public' })).json().settings['flows.allowed_hosts']).toEqual([]);

    const gus = newCustomer('Gus');
    await gus.says('order');
    const [status, receipt] = await received(gus, 2);
    expect(status?.text).toBe('Your order is shipped');
    expect(receipt).toMatchObject({
      type: 'image',
      text: 'Your receipt',
      media: { id: `https://cdn.example.com/receipts/${gus.phone}.png` },
    });
    expect(orderRequests.at(-1)).toMatchObject({ url: `/orders/${gus.phone}`, headers: { 'x-customer': 'Gus' } });
    expect(await sessionOf(gus)).toMatchObject({
      status: 'ended',
      ended_reason: 'completed',
      variables: { status: 'shipped', http_status: '200' },
    });
  });

  it('follows the timeout edge of a question nobody answered in time', async () => {
    const hal = newCustomer('Hal');
    await hal.says('survey');
    await received(hal, 1);
    const waiting = await sessionOf(hal);
    expect(waiting?.status).toBe('waiting');
    const due = (waiting?.timeout_at?.getTime() ?? 0) - Date.now();
    expect(due).toBeGreaterThan(50_000);
    expect(due).toBeLessThanOrEqual(60_000);

    await query("UPDATE flow_sessions SET timeout_at = now() - interval '1 second' WHERE id = $1", [waiting?.id]);
    await runTimers();
    expect(texts(await received(hal, 2))[1]).toBe('Are you still there?');
    expect(await sessionOf(hal)).toMatchObject({ status: 'ended', ended_reason: 'completed', current_node_id: 'nudge' });
  });

  it('ends a session idle for longer than the idle time without a word, and does not resume it', async () => {
    const ivy = newCustomer('Ivy');
    await ivy.says('hi');
    await received(ivy, 2);
    const waiting = await sessionOf(ivy);
    await query("UPDATE flow_sessions SET last_activity_at = now() - interval '31 minutes' WHERE id = $1", [waiting?.id]);
    await runTimers();
    await eventually(async () => (await sessionOf(ivy))?.status === 'ended');
    expect(await sessionOf(ivy)).toMatchObject({ id: waiting?.id, ended_reason: 'idle' });
    // An answer to the old question now starts nothing (it is not a keyword).
    await ivy.taps('sales', 'Sales');
    await settled();
    expect(await ivy.received()).toHaveLength(2);
  });

  it('stops at once when an agent takes over mid-flow, and does not pick the old session up when the bot gets it back', async () => {
    const jo = newCustomer('Jo');
    await jo.says('hi');
    await received(jo, 2);
    const conversationId = await conversationOf(jo);
    const taken = await t.request({ method: 'POST', url: `/api/agent/session/${conversationId}/takeover`, token: admin, payload: {} });
    expect(taken.statusCode).toBe(200);
    expect(await sessionOf(jo)).toMatchObject({ status: 'ended', ended_reason: 'agent_takeover' });
    await jo.taps('sales', 'Sales');
    await settled();
    expect(await jo.received()).toHaveLength(2);

    const back = await t.request({ method: 'POST', url: `/api/agent/session/${conversationId}/return-to-bot`, token: admin });
    expect(back.json()).toMatchObject({ state: 'bot' });
    await jo.taps('sales', 'Sales');
    await settled();
    expect(await jo.received()).toHaveLength(2);
    await jo.says('hi');
    expect(texts(await received(jo, 4)).slice(2)).toEqual(['Hi Jo, welcome!', 'How can we help?']);
  });

  it('stops a waiting question when an agent’s message takes the conversation over: its timeout never fires', async () => {
    const kim = newCustomer('Kim');
    await kim.says('survey');
    await received(kim, 1);
    const sent = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: admin,
      payload: { recipientPhone: `+${kim.phone}`, message: 'Hello Kim, an agent here' },
    });
    expect(sent.statusCode).toBe(201);
    const session = await sessionOf(kim);
    expect(session).toMatchObject({ status: 'ended', ended_reason: 'agent_takeover' });
    await query("UPDATE flow_sessions SET timeout_at = now() - interval '1 second' WHERE id = $1", [session?.id]);
    await runTimers();
    await kim.taps('good', 'Good');
    await settled();
    expect(texts(await kim.received())).toEqual(['How did we do?', 'Hello Kim, an agent here']);
  });

  it('answers the messages of one conversation in order', async () => {
    const lou = newCustomer('Lou');
    await lou.says('hi');
    await received(lou, 2);
    await lou.says('pizza');
    await lou.says('Sales');
    const all = await received(lou, 5);
    expect(texts(all.slice(2))).toEqual([
      'Sorry, I did not get that. Please choose one of the options.',
      'How can we help?',
      'Connecting you to an agent',
    ]);
  });

  it('answers many customers writing at once, each once', async () => {
    const crowd = Array.from({ length: 12 }, (_, k) => newCustomer(`Guest ${k}`));
    await Promise.all(crowd.map((customer) => customer.says('hi')));
    for (const customer of crowd) expect(texts(await received(customer, 2))[0]).toBe(`Hi ${customer.name}, welcome!`);
    await settled();
    for (const customer of crowd) expect(await customer.received()).toHaveLength(2);
  });

  it('starts the new-conversation flow on a customer’s first message only', async () => {
    const welcome = await activeFlow(
      t,
      admin,
      {
        name: 'Welcome new',
        description: '',
        nodes: [
          { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
          { id: 'hello', type: 'message', position: { x: 0, y: 100 }, data: { message: 'Welcome, new customer!' } },
        ],
        edges: [{ id: 'e1', source: 'start', target: 'hello' }],
      },
      { onNewConversation: true },
    );
    try {
      const max = newCustomer('Max');
      await max.says('Good morning');
      expect(texts(await received(max, 1))).toEqual(['Welcome, new customer!']);
      await max.says('Anyone there?');
      await settled();
      expect(await max.received()).toHaveLength(1);
    } finally {
      await t.request({ method: 'POST', url: `/api/flows/${welcome.id}/deactivate`, token: admin });
    }
  });

  it('queues only the messages a flow will read: a keyword and what follows it, and the answer to a waiting question', async () => {
    const cy = newCustomer('Cy');
    await cy.says('colours');
    await received(cy, 1);
    const [ada, ben] = [newCustomer('Ada'), newCustomer('Ben')];
    const { whatsapp } = t.ctx.config;
    const business = { wabaId: whatsapp.businessAccountId, phoneNumberId: whatsapp.phoneNumberId, displayPhoneNumber: '15550001111' };
    const says = (customer: Customer, text: string, n: number) =>
      inboundPayload(business, {
        from: customer.phone,
        name: customer.name,
        wamid: `wamid.queue-${customer.phone}-${n}`,
        message: { type: 'text', text: { body: text } },
      });
    // One webhook batch as the processor handles it, looked at before it commits, then rolled back.
    const queued = await t.ctx.database.db
      .transaction(async (tx) => {
        await handleWebhookEvents(
          tx,
          [says(ada, 'hello there', 1), says(ben, 'hi', 1), says(ben, 'Sales', 2), says(cy, 'Blue', 1), says(ada, 'thanks', 2)],
          { events: t.ctx.messaging.deps.events },
        );
        const rows = await tx.execute<{ wamid: string }>(
          sql`SELECT m.wamid FROM flow_inbox i JOIN messages m ON m.id = i.message_id ORDER BY m.id`,
        );
        throw new Rollback(rows.rows.map((row) => row.wamid));
      })
      .catch((err: unknown) => (err instanceof Rollback ? err.wamids : Promise.reject(err)));
    expect(queued).toEqual([`wamid.queue-${ben.phone}-1`, `wamid.queue-${ben.phone}-2`, `wamid.queue-${cy.phone}-1`]);
  });

  it('goes on with a session after the server restarts, from what the database holds', async () => {
    const nia = newCustomer('Nia');
    await nia.says('hi');
    await received(nia, 2);
    const before = await sessionOf(nia);
    expect(before?.status).toBe('waiting');

    log.close();
    await t.close();
    t = await restartOnDatabase(t.databaseUrl);
    admin = await t.adminToken();
    log = await listenToEvents(t.baseUrl, admin);

    // The new server's sandbox is a new Meta: it shows only what happens from now on.
    await nia.taps('sales', 'Sales');
    expect(texts(await received(nia, 1))).toEqual(['Connecting you to an agent']);
    expect(await sessionOf(nia)).toMatchObject({ id: before?.id, status: 'ended', ended_reason: 'handoff' });
  });
});
