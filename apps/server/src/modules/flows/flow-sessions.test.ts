import type { Flow, FlowSessionState } from '@wac/contract/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { chainFlow, createFlow, sampleFlow } from './test/flow-test-kit.ts';

let t: TestApp;
let admin: string;
let agent: SeededUser;
let flow: Flow;

beforeAll(async () => {
  t = await createTestApp({ domains: ['flows'], env: { LICENSE_HMAC_SECRET: TEST_SECRET, FLOW_MAX_STEPS: '100' } });
  admin = await t.adminToken();
  agent = await addUser(t, { username: 'sessions-agent' });
  flow = await createFlow(t, admin, sampleFlow('Try it'));
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, token = admin) =>
  t.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const start = (payload: unknown) => post('/api/sessions/start', payload);
const cont = (id: string, input: unknown) => post(`/api/sessions/${id}/continue`, { input });
const stateOf = (id: string) => t.request({ method: 'GET', url: `/api/sessions/${id}/state`, token: admin });
const started = async (flowId: number | string = flow.id, userId = '15550001111', metadata: Record<string, unknown> = { name: 'Ann' }) => {
  const res = await start({ flowId, userId, metadata });
  expect(res.statusCode).toBe(201);
  return res.json() as FlowSessionState;
};
const visitsOf = async (sessionId: string) =>
  (await t.ctx.database.pool.query('SELECT node_id FROM flow_node_visits WHERE session_id = $1 ORDER BY node_id', [sessionId])).rows.map(
    (r) => r.node_id as string,
  );

describe('POST /api/sessions/start', () => {
  it('runs the flow to its first question with name and phone set, and keeps the session and the nodes it reached', async () => {
    const session = await started();
    expect(session).toMatchObject({
      flowId: String(flow.id),
      flowVersion: 1,
      userId: '15550001111',
      status: 'waiting',
      currentNodeId: 'ask',
      variables: { name: 'Ann', phone: '15550001111' },
      endedReason: null,
      handedOff: false,
      replies: [
        { type: 'text', text: 'Hi Ann, welcome!' },
        {
          type: 'buttons',
          body: 'How can we help?',
          buttons: [
            { id: 'sales', title: 'Sales' },
            { id: 'support', title: 'Support' },
          ],
        },
      ],
    });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await visitsOf(session.sessionId)).toEqual(['ask', 'start', 'welcome']);
    const row = (await t.ctx.database.pool.query('SELECT conversation_id, metadata FROM flow_sessions WHERE id = $1', [session.sessionId]))
      .rows[0];
    expect(row).toEqual({ conversation_id: null, metadata: { name: 'Ann' } });
  });

  it('takes the flow id as a number or its text, and an empty name without metadata', async () => {
    const res = await start({ flowId: String(flow.id), userId: 'tester' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ variables: { name: '', phone: 'tester' }, replies: [{ text: 'Hi , welcome!' }, {}] });
  });

  it('answers 404 for a flow that does not exist, and 400 naming the field for a body that is not a start', async () => {
    for (const flowId of [999_999, 'abc', '0']) {
      const res = await start({ flowId, userId: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: `There is no flow with id ${flowId}` });
    }
    const missing = await start({ flowId: flow.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('userId');
    for (const body of [
      [1, 2],
      'hello',
      { flowId: { nested: true }, userId: 'x' },
      { flowId: flow.id, userId: 'x', metadata: 'no' },
      null,
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/sessions/start',
        token: admin,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBeDefined();
    }
    for (const body of [
      { flowId: flow.id, userId: 'a\u0000b' },
      { flowId: flow.id, userId: 'x', metadata: { note: 'a\u0000b' } },
    ]) {
      const res = await start(body);
      expect(res.statusCode, res.body).toBe(400);
    }
    const broken = await t.request({
      method: 'POST',
      url: '/api/sessions/start',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"flowId": ',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('starts a draft too (an admin tries a flow before activating it), on the version current at the start', async () => {
    const draft = await createFlow(t, admin, sampleFlow('Draft to try'));
    const before = await started(draft.id);
    const edited = sampleFlow('Draft to try');
    (edited.nodes[1] as { data: { message: string } }).data.message = 'Hello again {{name}}';
    const saved = await t.request({ method: 'PUT', url: `/api/flows/${draft.id}`, token: admin, payload: edited });
    expect(saved.statusCode).toBe(200);
    const after = await started(draft.id);
    expect(after.flowVersion).toBe(2);
    expect(after.replies[0]).toEqual({ type: 'text', text: 'Hello again Ann' });
    // The first session goes on with the version it started on.
    const answered = await cont(before.sessionId, 'Support');
    expect(answered.json()).toMatchObject({ flowVersion: 1, status: 'ended', endedReason: 'completed', replies: [{ text: 'Goodbye' }] });
  });

  it('ends a run that never waits once it reaches the loop guard', async () => {
    const long = await createFlow(t, admin, chainFlow(150, 'Too long'));
    const session = await started(long.id);
    expect(session).toMatchObject({ status: 'ended', endedReason: 'loop_guard' });
    expect(session.replies).toHaveLength(99);
  });
});

describe('POST /api/sessions/{id}/continue', () => {
  it('follows a typed answer matching an option title through the condition to a handoff', async () => {
    const session = await started();
    const res = await cont(session.sessionId, 'sales');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ended',
      endedReason: 'handoff',
      handedOff: true,
      currentNodeId: 'handoff',
      variables: { topic: 'Sales', last_answer: 'Sales' },
      replies: [{ type: 'text', text: 'Connecting you to an agent' }],
    });
    expect(await visitsOf(session.sessionId)).toEqual(['ask', 'check', 'handoff', 'start', 'welcome']);
  });

  it("follows a question's edge without a handle for every answer that has no edge of its own", async () => {
    const routed = sampleFlow('One way on');
    routed.edges = routed.edges.filter((edge) => edge.source !== 'ask');
    routed.edges.push(
      { id: 'any', source: 'ask', target: 'handoff' },
      { id: 'e4', source: 'ask', sourceHandle: 'support', target: 'check' },
    );
    const saved = await createFlow(t, admin, routed);
    expect(saved.warnings).toEqual([]);
    const sales = await cont((await started(saved.id)).sessionId, 'sales');
    expect(sales.json()).toMatchObject({ endedReason: 'handoff', replies: [{ type: 'text', text: 'Connecting you to an agent' }] });
    const support = await cont((await started(saved.id)).sessionId, { id: 'support', text: 'Support' });
    expect(support.json()).toMatchObject({ endedReason: 'completed', replies: [{ text: 'Goodbye' }] });
  });

  it('takes a button id as { id, text }, and the condition false branch ends the conversation', async () => {
    const session = await started();
    const res = await cont(session.sessionId, { id: 'support', text: 'Support' });
    expect(res.json()).toMatchObject({ status: 'ended', endedReason: 'completed', handedOff: false, replies: [{ text: 'Goodbye' }] });
  });

  it('asks again after an answer that matches nothing, then hands off once the retries are used up', async () => {
    const session = await started();
    const again = (await cont(session.sessionId, 'pizza')).json() as FlowSessionState;
    expect(again).toMatchObject({ status: 'waiting', currentNodeId: 'ask' });
    expect(again.replies.map((r) => r.type)).toEqual(['text', 'buttons']);
    await cont(session.sessionId, 'pasta');
    const last = (await cont(session.sessionId, 'soup')).json() as FlowSessionState;
    expect(last).toMatchObject({ status: 'ended', endedReason: 'handoff', handedOff: true });
  });

  it('refuses an ended session with 409, an unknown one with 404, a bad id or input with 400', async () => {
    const session = await started();
    await cont(session.sessionId, 'Support');
    const ended = await cont(session.sessionId, 'Sales');
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ code: 'CONFLICT', error: 'This session has ended' });

    const unknown = '0b7e3f3c-2f5e-4d7b-9a51-111111111111';
    for (const res of [await cont(unknown, 'x'), await post(`/api/sessions/${unknown}/end`, {}), await stateOf(unknown)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Session not found' });
    }
    for (const res of [await cont('not-a-uuid', 'x'), await stateOf('42'), await post('/api/sessions/nope/end', {})]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('Session id must be a UUID');
    }
    const live = await started();
    for (const input of [42, null, ['a'], { id: 5 }, 'x'.repeat(5000)]) {
      expect((await cont(live.sessionId, input)).statusCode).toBe(400);
    }
    expect((await post(`/api/sessions/${live.sessionId}/continue`, {})).statusCode).toBe(400);
    expect((await stateOf(live.sessionId)).json()).toMatchObject({ status: 'waiting', currentNodeId: 'ask' });
  });
});

describe('POST /api/sessions/{id}/end and GET /api/sessions/{id}/state', () => {
  it('ends with the reason given (ended by default), and the state answers without replies', async () => {
    const first = await started();
    const ended = await post(`/api/sessions/${first.sessionId}/end`, { reason: 'tester_done' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', endedReason: 'tester_done', replies: [] });

    const second = await started();
    expect((await post(`/api/sessions/${second.sessionId}/end`)).json()).toMatchObject({ status: 'ended', endedReason: 'ended' });
    // Ending again changes nothing.
    expect((await post(`/api/sessions/${second.sessionId}/end`, { reason: 'other' })).json()).toMatchObject({ endedReason: 'ended' });

    const state = await stateOf(first.sessionId);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({
      sessionId: first.sessionId,
      status: 'ended',
      endedReason: 'tester_done',
      currentNodeId: 'ask',
      variables: { name: 'Ann', phone: '15550001111' },
      replies: [],
    });
    const waiting = await started();
    expect((await stateOf(waiting.sessionId)).json()).toMatchObject({ status: 'waiting', currentNodeId: 'ask', replies: [] });
  });
});

describe('who may use the sessions API', () => {
  it('is for admins', async () => {
    const res = await post('/api/sessions/start', { flowId: flow.id, userId: 'x' }, agent.token);
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/sessions/start', payload: { flowId: flow.id, userId: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it('is refused on a plan without bot flows, with the licence error shape', async () => {
    const session = await started();
    expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
    for (const res of [
      await start({ flowId: flow.id, userId: 'x' }),
      await cont(session.sessionId, 'Sales'),
      await stateOf(session.sessionId),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'botFlows' });
    }
    await applyKey(t, mintKey({ plan: 'professional' }));
    expect((await cont(session.sessionId, 'Sales')).statusCode).toBe(200);
  });
});
