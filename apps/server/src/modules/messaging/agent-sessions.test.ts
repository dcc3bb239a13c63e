import { describeActivity } from '@wac/contract/activity-text';
import type { AgentSession } from '@wac/contract/agent-sessions';
import { describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { isHeldByAgent } from './conversation-sessions.repository.ts';
import { customerLastWrote, customerWrites, failNextSend, HOUR_MS, messageRows, sandboxConversation } from './test/chat-test-kit.ts';

let alice: SeededUser;
let bob: SeededUser;
let adminToken: string;
const { t, log } = liveTestApp(
  async (app) => {
    alice = await addUser(app, { username: 'alice' });
    bob = await addUser(app, { username: 'bob' });
    adminToken = await app.adminToken();
    return bob.token;
  },
  { domains: ['messaging', 'activities'] },
);

let nextPhone = 447700900300;
/** A new customer who just wrote: a conversation the bot has. */
async function freshConversation(name = 'Customer'): Promise<{ id: number; phone: string }> {
  const phone = String(nextPhone++);
  const message = await customerWrites(t, { from: phone, name, text: 'Hello' });
  return { id: message.conversationId, phone };
}

const act = (id: number, action: 'takeover' | 'return-to-bot' | 'end', token: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/agent/session/${id}/${action}`, token, payload });
const session = async (id: number): Promise<AgentSession> =>
  (await t.request({ method: 'GET', url: `/api/agent/session/${id}`, token: alice.token })).json();

async function activities(type: string, conversationId: number, token = adminToken) {
  const res = await t.request({ method: 'GET', url: `/api/activities?type=${type}&limit=100`, token });
  return (res.json().activities as { data: Record<string, unknown>; userId: number; sourceType: string }[]).filter(
    (a) => a.data.conversationId === conversationId,
  );
}

describe('agent sessions', () => {
  it('start with the bot, and 404 for a conversation that does not exist', async () => {
    const c = await freshConversation();
    expect(await session(c.id)).toEqual({
      conversationId: c.id,
      phone: c.phone,
      state: 'bot',
      userId: null,
      username: null,
      reason: null,
      changedAt: null,
    });
    const missing = await t.request({ method: 'GET', url: '/api/agent/session/999999', token: alice.token });
    expect(missing.statusCode).toBe(404);
    expect((await act(999999, 'takeover', alice.token)).statusCode).toBe(404);
  });

  it('go bot -> agent -> bot -> agent -> ended with default reasons, an activity per step and a live event', async () => {
    const c = await freshConversation('Dana');
    const taken = await act(c.id, 'takeover', alice.token);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ state: 'agent', userId: alice.id, username: 'alice', reason: 'agent_takeover' });
    expect(await isHeldByAgent(t.ctx.database.db, c.id)).toBe(true);
    await eventually(async () =>
      log.events.some((e) => e.event === 'agent_session_update' && e.payload.conversationId === c.id && e.payload.state === 'agent'),
    );

    const back = await act(c.id, 'return-to-bot', alice.token);
    expect(back.json()).toMatchObject({ state: 'bot', userId: null, username: null });
    expect(await isHeldByAgent(t.ctx.database.db, c.id)).toBe(false);

    expect((await act(c.id, 'takeover', alice.token, { reason: 'vip customer' })).json()).toMatchObject({ reason: 'vip customer' });
    const ended = await act(c.id, 'end', alice.token);
    expect(ended.json()).toMatchObject({ state: 'ended', username: 'alice', reason: 'agent_ended' });
    expect(await isHeldByAgent(t.ctx.database.db, c.id)).toBe(false);

    const takeovers = await activities('agent_takeover', c.id);
    expect(takeovers).toHaveLength(2);
    expect(takeovers[0]).toMatchObject({ sourceType: 'user', userId: alice.id });
    expect(describeActivity({ type: 'agent_takeover', ...takeovers[0] })).toBe('alice took over the conversation with Dana');
    const [returned] = await activities('agent_return_to_bot', c.id);
    expect(describeActivity({ type: 'agent_return_to_bot', ...returned })).toBe('alice handed the conversation with Dana back to the bot');
    const [end] = await activities('agent_session_ended', c.id);
    expect(describeActivity({ type: 'agent_session_ended', ...end })).toBe('alice ended the conversation with Dana');
    expect(end?.data).toMatchObject({ details: 'agent_ended', previousState: 'agent' });
  });

  it('refuse transitions the state machine does not allow, with a clear 409', async () => {
    const c = await freshConversation();
    const notHeld = await act(c.id, 'return-to-bot', alice.token);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().error).toBe('This conversation is not held by an agent');
    expect((await act(c.id, 'end', alice.token)).statusCode).toBe(200);
    const twice = await act(c.id, 'end', alice.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This conversation has already ended');
    expect((await act(c.id, 'return-to-bot', alice.token)).statusCode).toBe(409);
    // An ended conversation can be taken over again.
    expect((await act(c.id, 'takeover', alice.token)).json().state).toBe('agent');
    expect(await activities('agent_return_to_bot', c.id)).toEqual([]);
  });

  it('let an agent take over from a colleague only after confirming who holds it, and tell the colleague live', async () => {
    const c = await freshConversation('Erin');
    expect((await act(c.id, 'takeover', bob.token)).statusCode).toBe(200);
    const again = await act(c.id, 'takeover', bob.token);
    expect(again.json()).toMatchObject({ state: 'agent', username: 'bob' });
    expect(await activities('agent_takeover', c.id)).toHaveLength(1);

    const handledByBob = {
      error: 'This conversation is handled by bob',
      code: 'CONFLICT',
      details: { holder: { id: bob.id, username: 'bob' } },
    };
    for (const action of ['takeover', 'return-to-bot', 'end'] as const) {
      const refused = await act(c.id, action, alice.token);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json()).toEqual(handledByBob);
    }
    // A confirmation must name the holder.
    const wrong = await act(c.id, 'takeover', alice.token, { confirmHolderId: alice.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual(handledByBob);
    const malformed = await act(c.id, 'takeover', alice.token, { confirmHolderId: 'bob' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('confirmHolderId');
    expect(await session(c.id)).toMatchObject({ username: 'bob' });

    const taken = await act(c.id, 'takeover', alice.token, { confirmHolderId: bob.id });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ state: 'agent', userId: alice.id, username: 'alice', reason: 'agent_takeover' });

    // Bob (whose socket the log records) hears it at once: the session moved, and a notification of his own.
    await eventually(async () =>
      log.events.some((e) => e.event === 'agent_session_update' && e.payload.conversationId === c.id && e.payload.username === 'alice'),
    );
    const notified = await eventually(async () =>
      log.events.find((e) => e.event === 'new_notification' && e.payload.type === 'agent_taken_over'),
    );
    expect(notified.payload).toMatchObject({ userId: bob.id, data: { conversationId: c.id, takenOverBy: 'alice', username: 'bob' } });
    const [told] = await activities('agent_taken_over', c.id, bob.token);
    expect(describeActivity({ type: 'agent_taken_over', ...told })).toBe('alice took over the conversation with Erin from bob');
    const [byAlice] = (await activities('agent_takeover', c.id)).filter((a) => a.data.username === 'alice');
    expect(byAlice?.data).toMatchObject({ previousAgent: 'bob', previousState: 'agent' });
  });

  it('refuse a takeover confirmed for a holder who changed meanwhile, and let an agent take over from an admin', async () => {
    const c = await freshConversation();
    expect((await act(c.id, 'takeover', alice.token)).statusCode).toBe(200);
    // Bob is shown Alice; before he confirms, an admin takes it (admins need no confirmation).
    const admin = await act(c.id, 'takeover', adminToken);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ state: 'agent', username: 'admin' });
    const adminId = admin.json().userId as number;
    expect((await activities('agent_taken_over', c.id, alice.token)).map((a) => a.data.takenOverBy)).toEqual(['admin']);

    const stale = await act(c.id, 'takeover', bob.token, { confirmHolderId: alice.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'This conversation is handled by admin',
      details: { holder: { id: adminId, username: 'admin' } },
    });
    expect(await session(c.id)).toMatchObject({ username: 'admin' });

    const taken = await act(c.id, 'takeover', bob.token, { confirmHolderId: adminId });
    expect(taken.json()).toMatchObject({ state: 'agent', username: 'bob' });
    const toldAdmin = (await activities('agent_taken_over', c.id)).find((a) => a.userId === adminId);
    expect(toldAdmin?.data).toMatchObject({ takenOverBy: 'bob', username: 'admin' });
  });

  it('refuse an agent writing or retrying in a conversation another agent holds; a retry elsewhere takes it over', async () => {
    const c = await freshConversation();
    // Alice's message fails, then she hands the conversation back to the bot.
    await failNextSend(t, adminToken, { code: 131026 });
    const sent = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: alice.token,
      payload: { recipientPhone: c.phone, message: 'Hi' },
    });
    expect(sent.json().message.status).toBe('failed');
    const failedId = sent.json().message.id as number;
    expect((await act(c.id, 'return-to-bot', alice.token)).statusCode).toBe(200);

    // Bob's retry takes it over from the bot, as his message would.
    const retried = await t.request({ method: 'POST', url: `/api/retry-message/${failedId}`, token: bob.token });
    expect(retried.statusCode).toBe(200);
    expect(await session(c.id)).toMatchObject({ state: 'agent', username: 'bob' });
    // Newest first.
    expect((await activities('agent_takeover', c.id)).map((a) => a.data.username)).toEqual(['bob', 'alice']);

    const before = (await messageRows(t, c.id)).length;
    const write = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: alice.token,
      payload: { recipientPhone: c.phone, message: 'Me too' },
    });
    expect(write.statusCode).toBe(409);
    expect(write.json()).toEqual({
      error: 'This conversation is handled by bob',
      code: 'CONFLICT',
      details: { holder: { id: bob.id, username: 'bob' } },
    });
    expect(await messageRows(t, c.id)).toHaveLength(before);
    // An admin writes without taking it.
    const byAdmin = await t.request({
      method: 'POST',
      url: '/api/agent/message',
      token: adminToken,
      payload: { recipientPhone: c.phone, message: 'Admin here' },
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(await session(c.id)).toMatchObject({ state: 'agent', username: 'bob' });
  });

  it("refuse an agent marking read, and sending read receipts, in a colleague's conversation; the holder and an admin may", async () => {
    const c = await freshConversation('Gail');
    expect((await act(c.id, 'takeover', bob.token)).statusCode).toBe(200);
    const other = await freshConversation('Hugo');
    const [first] = (await messageRows(t, c.id)).filter((m) => m.direction === 'inbound');
    const [elsewhere] = (await messageRows(t, other.id)).filter((m) => m.direction === 'inbound');
    const markRead = (token: string, ids: number[]) =>
      t.request({ method: 'POST', url: '/api/agent/mark-read', token, payload: { messages: ids } });
    /** The customer's messages as the sandbox's customer sees them: read once the business sent a read receipt. */
    const customerSees = async (phone: string) =>
      (await sandboxConversation(t, phone)).messages.filter((m) => m.direction === 'from_customer').map((m) => m.status);

    // Nothing is marked, not even the message of a conversation she may read, and no receipt reaches the customer.
    const refused = await markRead(alice.token, [first?.id as number, elsewhere?.id as number]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This conversation is handled by bob',
      code: 'CONFLICT',
      details: { holder: { id: bob.id, username: 'bob' } },
    });
    expect((await messageRows(t, c.id)).find((m) => m.id === first?.id)?.readAt).toBeNull();
    expect((await messageRows(t, other.id)).find((m) => m.id === elsewhere?.id)?.readAt).toBeNull();
    expect(await customerSees(c.phone)).not.toContain('read');
    expect(await customerSees(other.phone)).not.toContain('read');

    // The holder reads theirs, and the customer sees it read.
    const byHolder = await markRead(bob.token, [first?.id as number]);
    expect(byHolder.statusCode, byHolder.body).toBe(200);
    expect(byHolder.json()).toEqual({ updated: 1, conversationIds: [c.id] });
    expect(await customerSees(c.phone)).toEqual(['read']);

    // An admin reads beside the holder; an agent reads a conversation the bot has.
    const second = await customerWrites(t, { from: c.phone, text: 'Still there?' });
    expect((await markRead(adminToken, [second.id])).json()).toEqual({ updated: 1, conversationIds: [c.id] });
    expect(await customerSees(c.phone)).toEqual(['read', 'read']);
    expect((await markRead(alice.token, [elsewhere?.id as number])).json()).toEqual({ updated: 1, conversationIds: [other.id] });
    expect(await session(c.id)).toMatchObject({ state: 'agent', username: 'bob' });
    expect(await session(other.id)).toMatchObject({ state: 'bot' });
  });

  it('give one winner when two agents take over at the same moment', async () => {
    const c = await freshConversation();
    // The bot's turn on the customer's message (it holds the row too) is over, so only the two takeovers wait below.
    await eventually(async () => {
      const { rows } = await t.ctx.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM flow_inbox WHERE conversation_id = $1',
        [c.id],
      );
      return rows[0]?.n === 0;
    });
    // Hold the row so both requests are surely in flight together, then let them go at once.
    const gate = await t.ctx.database.pool.connect();
    await gate.query('BEGIN');
    await gate.query('SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE', [c.id]);
    const racing = Promise.all([act(c.id, 'takeover', alice.token), act(c.id, 'takeover', bob.token)]);
    await eventually(async () => {
      const { rows } = await t.ctx.database.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0]?.n === 2;
    });
    await gate.query('COMMIT');
    gate.release();

    const [a, b] = await racing;
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'alice' : 'bob';
    expect((await session(c.id)).username).toBe(winner);
    expect((a.statusCode === 409 ? a : b).json().error).toBe(`This conversation is handled by ${winner}`);
    expect(await activities('agent_takeover', c.id)).toHaveLength(1);
  });

  it('end with a closing message that really goes to the customer', async () => {
    const c = await freshConversation();
    const res = await act(c.id, 'end', alice.token, { sendMessage: true, message: 'Thanks, have a great day!', reason: 'resolved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'ended', reason: 'resolved' });
    const outbound = (await messageRows(t, c.id)).filter((m) => m.direction === 'outbound');
    expect(outbound).toHaveLength(1);
    expect(outbound[0]).toMatchObject({ content: { text: 'Thanks, have a great day!' }, userId: alice.id });
    expect(outbound[0]?.wamid).toMatch(/^wamid\./);
    const phone = await sandboxConversation(t, c.phone);
    expect(phone.messages.filter((m) => m.direction === 'to_customer').map((m) => m.text)).toEqual(['Thanks, have a great day!']);
  });

  it('refuse to end with a message outside the window, changing nothing', async () => {
    const c = await freshConversation();
    expect((await act(c.id, 'takeover', alice.token)).statusCode).toBe(200);
    await customerLastWrote(t, c.id, new Date(Date.now() - 25 * HOUR_MS));
    const res = await act(c.id, 'end', alice.token, { sendMessage: true, message: 'Bye' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SERVICE_WINDOW_CLOSED');
    expect(await session(c.id)).toMatchObject({ state: 'agent', username: 'alice' });
    expect(await activities('agent_session_ended', c.id)).toEqual([]);
    expect((await messageRows(t, c.id)).filter((m) => m.direction === 'outbound')).toEqual([]);
    // Without a message the window does not matter.
    expect((await act(c.id, 'end', alice.token)).statusCode).toBe(200);
  });

  it('refuse an end body asking for a message without one', async () => {
    const c = await freshConversation();
    const res = await act(c.id, 'end', alice.token, { sendMessage: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('message is required when sendMessage is true');
    expect((await session(c.id)).state).toBe('bot');
  });

  it('go back to the bot when the customer writes again after the end', async () => {
    const c = await freshConversation();
    await act(c.id, 'end', alice.token);
    await customerWrites(t, { from: c.phone, text: 'One more thing' });
    expect(await session(c.id)).toMatchObject({ state: 'bot', userId: null, reason: 'customer_returned' });
    await eventually(async () =>
      log.events.some((e) => e.event === 'agent_session_update' && e.payload.conversationId === c.id && e.payload.state === 'bot'),
    );
  });
});
