import type { Flow, FlowSummary, FlowVersionSummary } from '@wac/contract/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { flowNodeVisits, flowSessions } from '../../db/schema.ts';
import { applyKey, lastActivity } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { upsertContact } from '../messaging/contact-identities.repository.ts';
import { upsertConversation } from '../messaging/inbound-messages.repository.ts';
import { createFlowsService, type FlowsService } from './flows.service.ts';
import { chainFlow, createFlow, sampleFlow } from './test/flow-test-kit.ts';

let t: TestApp;
let admin: string;
let agent: SeededUser;
/** The runtime's view of the same database: what the WhatsApp runtime calls. */
let runtime: FlowsService;

beforeAll(async () => {
  t = await createTestApp({ domains: ['flows'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  admin = await t.adminToken();
  agent = await addUser(t, { username: 'flow-agent' });
  runtime = createFlowsService({ db: t.ctx.database.db, activities: t.ctx.activities });
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.request({ method, url, token, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

const getFlow = async (id: number) => (await api('GET', `/api/flows/${id}`)).json() as Flow;
const flowCount = async () => Number((await t.ctx.database.pool.query('SELECT count(*) FROM flows')).rows[0].count);
const versionRows = async (id: number) =>
  Number((await t.ctx.database.pool.query('SELECT count(*) FROM flow_versions WHERE flow_id = $1', [id])).rows[0].count);

describe('saving flows', () => {
  it('creates a draft at version 1, keeps that version, records it, and reads it back', async () => {
    const res = await api('POST', '/api/flows', sampleFlow('Welcome'));
    expect(res.statusCode).toBe(201);
    const flow = res.json() as Flow;
    expect(flow).toMatchObject({
      _id: String(flow.id),
      name: 'Welcome',
      description: 'Welcomes customers and routes them',
      metadata: { version: 1, status: 'draft' },
      isActive: false,
      triggers: { keywords: [], onNewConversation: false, isDefault: false },
      warnings: [],
    });
    expect(new Date(flow.metadata.lastModified).toISOString()).toBe(flow.metadata.lastModified);
    expect(flow.nodes.map((n) => n.type)).toEqual(['start', 'message', 'quickReply', 'condition', 'action', 'action']);
    // Edges take their defaults as they are saved.
    expect(flow.edges[0]).toMatchObject({ type: 'smoothstep', animated: true });

    expect(await getFlow(flow.id)).toEqual(flow);
    expect(await versionRows(flow.id)).toBe(1);
    expect(await lastActivity(t, 'flow_created')).toMatchObject({ source_type: 'user', data: { username: 'admin', name: 'Welcome' } });
  });

  it('answers warnings for what is allowed but worth a look', async () => {
    const body = sampleFlow('With warnings');
    body.edges = body.edges.filter((edge) => edge.id !== 'e4');
    body.nodes.push({ id: 'lonely', type: 'message', position: { x: 500, y: 0 }, data: { message: 'Nobody gets here' } });
    const flow = await createFlow(t, admin, body);
    expect(flow.warnings.map((w) => w.message)).toEqual([
      'Option "Support" of node ask has no edge',
      'No path from the start reaches node lonely',
    ]);
    expect((await getFlow(flow.id)).warnings).toHaveLength(2);
  });

  it('saves each update as the next version, keeps every earlier one, restores one, and refuses a stale save', async () => {
    const first = await createFlow(t, admin, sampleFlow('Orders v1'));
    const url = `/api/flows/${first.id}`;
    const second = await api('PUT', url, { ...sampleFlow('Orders v2'), metadata: { version: 1 } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ name: 'Orders v2', metadata: { version: 2, status: 'draft' } });
    const thirdBody = { ...chainFlow(3, 'Orders v3'), metadata: { version: 2, lastModified: 'whatever', status: 'draft' } };
    const third = (await api('PUT', url, thirdBody)).json() as Flow;
    expect(third.metadata.version).toBe(3);
    expect(third.nodes.map((n) => n.id)).toEqual(['start', 'm1', 'm2']);
    expect(third.metadata.lastModified >= first.metadata.lastModified).toBe(true);
    expect(await lastActivity(t, 'flow_updated')).toMatchObject({ data: { name: 'Orders v3', details: 'version 3' } });

    // The builder loaded version 2, but version 3 was saved since.
    const stale = await api('PUT', url, { ...sampleFlow('Overwrite'), metadata: { version: 2 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      error: 'This flow was saved elsewhere (now version 3); reload it before saving',
    });
    expect((await getFlow(first.id)).name).toBe('Orders v3');

    const versions = (await api('GET', `${url}/versions`)).json().versions as FlowVersionSummary[];
    expect(versions.map((v) => [v.version, v.name, v.nodeCount, v.savedBy])).toEqual([
      [3, 'Orders v3', 3, 'admin'],
      [2, 'Orders v2', 6, 'admin'],
      [1, 'Orders v1', 6, 'admin'],
    ]);
    const v1 = await api('GET', `${url}/versions/1`);
    expect(v1.json()).toMatchObject({ version: 1, name: 'Orders v1', description: 'Welcomes customers and routes them', nodeCount: 6 });
    expect(v1.json().nodes).toEqual(first.nodes);

    const restored = await api('POST', `${url}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ name: 'Orders v1', metadata: { version: 4 }, nodes: first.nodes, edges: first.edges });
    expect(await lastActivity(t, 'flow_restored')).toMatchObject({
      data: { name: 'Orders v1', details: 'to version 1 (now version 4)' },
    });
    const after = (await api('GET', `${url}/versions`)).json().versions as FlowVersionSummary[];
    expect(after.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect((await api('GET', `${url}/versions/3`)).json().name).toBe('Orders v3');

    const missing = await api('GET', `${url}/versions/99`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('The flow Orders v1 has no version 99');
    expect((await api('POST', `${url}/versions/99/restore`)).statusCode).toBe(404);
    expect((await getFlow(first.id)).metadata.version).toBe(4);
  });

  it('lists flows last changed first, searching name and description literally, filtering by isActive, page by page', async () => {
    const a = await createFlow(t, admin, { ...sampleFlow('Listing Alpha'), description: 'Seasonal greeting' });
    const b = await createFlow(t, admin, { ...chainFlow(4, 'Listing Beta'), description: 'Order status' });
    const c = await createFlow(t, admin, { ...sampleFlow('Listing 100%_off'), description: '' });
    const list = async (query: string) => {
      const res = await api('GET', `/api/listflows${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { flows: FlowSummary[]; pagination: { page: number; limit: number; total: number; totalPages: number } };
    };

    const all = await list('?search=listing');
    expect(all.flows.map((f) => f.name)).toEqual(['Listing 100%_off', 'Listing Beta', 'Listing Alpha']);
    expect(all.flows[1]).toMatchObject({ _id: String(b.id), nodeCount: 4, isActive: false, metadata: { version: 1, status: 'draft' } });
    expect(all.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });

    expect((await list('?search=SEASONAL')).flows.map((f) => f.id)).toEqual([a.id]);
    // % and _ are taken literally.
    expect((await list('?search=100%25_')).flows.map((f) => f.id)).toEqual([c.id]);
    expect((await list('?search=%25')).flows.map((f) => f.id)).toEqual([c.id]);

    // An update moves a flow to the top.
    await api('PUT', `/api/flows/${a.id}`, { ...sampleFlow('Listing Alpha'), description: 'Seasonal greeting' });
    const page2 = await list('?search=listing&limit=2&page=2&noCache=true');
    expect(page2.flows.map((f) => f.name)).toEqual(['Listing Beta']);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });

    await api('POST', `/api/flows/${b.id}/activate`);
    expect((await list('?search=listing&isActive=true')).flows.map((f) => f.id)).toEqual([b.id]);
    expect((await list('?search=listing&isActive=false')).flows.map((f) => f.id)).toEqual([a.id, c.id]);
    await api('POST', `/api/flows/${b.id}/deactivate`);
  });
});

describe('activation and triggers', () => {
  it('activates a valid flow and deactivates it, recording both', async () => {
    const flow = await createFlow(t, admin, sampleFlow('Switch'));
    const on = await api('POST', `/api/flows/${flow.id}/activate`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ isActive: true, metadata: { status: 'published', version: 1 } });
    expect(await lastActivity(t, 'flow_activated')).toMatchObject({ data: { name: 'Switch' } });
    // Saving an active flow keeps it active: its new version is what customers get next.
    const saved = (await api('PUT', `/api/flows/${flow.id}`, sampleFlow('Switch'))).json() as Flow;
    expect(saved).toMatchObject({ isActive: true, metadata: { status: 'published', version: 2 } });
    expect(await runtime.activeFlow(flow.id)).toEqual({ flowId: flow.id, version: 2 });

    const off = await api('POST', `/api/flows/${flow.id}/deactivate`);
    expect(off.json()).toMatchObject({ isActive: false, metadata: { status: 'draft' } });
    expect(await lastActivity(t, 'flow_deactivated')).toMatchObject({ data: { name: 'Switch' } });
  });

  it('refuses to activate a flow whose stored graph is no longer valid', async () => {
    const flow = await createFlow(t, admin, sampleFlow('Broken'));
    await t.ctx.database.pool.query(`UPDATE flows SET nodes = '[]'::jsonb, edges = '[]'::jsonb WHERE id = $1`, [flow.id]);
    const res = await api('POST', `/api/flows/${flow.id}/activate`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'This flow cannot be activated: Flow must have a start node' });
    expect((await getFlow(flow.id)).isActive).toBe(false);
  });

  it('keeps keywords to one active flow, and one default and one new-conversation flow', async () => {
    const hello = await createFlow(t, admin, { ...sampleFlow('Hello flow'), triggers: { keywords: [' Hi ', 'HELLO', 'hi'] } });
    expect(hello.triggers).toEqual({ keywords: ['hi', 'hello'], onNewConversation: false, isDefault: false, phoneNumberIds: [] });
    await api('POST', `/api/flows/${hello.id}/activate`);

    const other = await createFlow(t, admin, sampleFlow('Other flow'));
    const clash = await api('PUT', `/api/flows/${other.id}/triggers`, { keywords: ['menu', 'HI'] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CONFLICT', error: 'The keyword "hi" already starts the flow Hello flow' });
    expect((await getFlow(other.id)).triggers.keywords).toEqual([]);
    // The same keyword on a new flow or through a save is refused the same way.
    const created = await api('POST', '/api/flows', { ...sampleFlow('Third'), triggers: { keywords: ['hello'] } });
    expect(created.statusCode).toBe(409);

    const set = await api('PUT', `/api/flows/${other.id}/triggers`, { keywords: ['menu'], isDefault: true, onNewConversation: true });
    expect(set.statusCode).toBe(200);
    expect(set.json().triggers).toEqual({ keywords: ['menu'], isDefault: true, onNewConversation: true, phoneNumberIds: [] });
    expect(await lastActivity(t, 'flow_updated')).toMatchObject({ data: { name: 'Other flow', details: 'triggers changed' } });

    // Taking the default on one flow clears it on the others, in the same change.
    await api('PUT', `/api/flows/${hello.id}/triggers`, { keywords: ['hi', 'hello'], isDefault: true });
    expect((await getFlow(other.id)).triggers).toEqual({
      keywords: ['menu'],
      isDefault: false,
      onNewConversation: true,
      phoneNumberIds: [],
    });
    const saved = await api('PUT', `/api/flows/${hello.id}`, {
      ...sampleFlow('Hello flow'),
      triggers: { keywords: ['hi', 'hello'], isDefault: true, onNewConversation: true },
    });
    expect(saved.json().triggers).toEqual({ keywords: ['hi', 'hello'], isDefault: true, onNewConversation: true, phoneNumberIds: [] });
    expect((await getFlow(other.id)).triggers).toEqual({
      keywords: ['menu'],
      isDefault: false,
      onNewConversation: false,
      phoneNumberIds: [],
    });

    // An inactive flow may hold a keyword no active flow has; activating it while another active flow has it is refused.
    await api('POST', `/api/flows/${hello.id}/deactivate`);
    await api('PUT', `/api/flows/${other.id}/triggers`, { keywords: ['menu', 'hi'] });
    await api('POST', `/api/flows/${hello.id}/activate`);
    const activation = await api('POST', `/api/flows/${other.id}/activate`);
    expect(activation.statusCode).toBe(409);
    expect(activation.json().error).toBe('The keyword "hi" already starts the flow Hello flow');
    expect((await getFlow(other.id)).isActive).toBe(false);
    await api('POST', `/api/flows/${hello.id}/deactivate`);
  });

  it('keeps one default and one owner per keyword when admins change triggers at the same moment', async () => {
    const flows = await Promise.all(['Race A', 'Race B', 'Race C'].map((name) => createFlow(t, admin, sampleFlow(name))));
    const results = await Promise.all(
      flows.map((flow) => api('PUT', `/api/flows/${flow.id}/triggers`, { keywords: ['race'], isDefault: true, onNewConversation: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const flags = await t.ctx.database.pool.query(
      `SELECT count(*) FILTER (WHERE (triggers->>'isDefault')::boolean) AS defaults,
              count(*) FILTER (WHERE (triggers->>'onNewConversation')::boolean) AS fresh FROM flows`,
    );
    expect(flags.rows[0]).toEqual({ defaults: '1', fresh: '1' });

    const activations = await Promise.all(flows.map((flow) => api('POST', `/api/flows/${flow.id}/activate`)));
    expect(activations.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const flow of flows) await api('POST', `/api/flows/${flow.id}/deactivate`);
    await Promise.all(flows.map((flow) => api('PUT', `/api/flows/${flow.id}/triggers`, {})));
  });

  it('tells the runtime which active flow a message starts: keyword, then new conversation, then default, on each number', async () => {
    const FIRST = t.ctx.config.whatsapp.phoneNumberId;
    const SECOND = '200000000000002';
    const keyword = await createFlow(t, admin, { ...sampleFlow('Runtime keyword'), triggers: { keywords: ['order status'] } });
    const fresh = await createFlow(t, admin, { ...sampleFlow('Runtime new'), triggers: { onNewConversation: true } });
    const fallback = await createFlow(t, admin, { ...sampleFlow('Runtime default'), triggers: { isDefault: true } });
    // Nothing is active yet.
    expect(await runtime.triggeredFlow({ text: 'order status', isNewConversation: true, phoneNumberId: FIRST })).toBeNull();
    for (const flow of [keyword, fresh, fallback]) await api('POST', `/api/flows/${flow.id}/activate`);

    const started = (text: string | null, isNewConversation: boolean, phoneNumberId = FIRST) =>
      runtime.triggeredFlow({ text, isNewConversation, phoneNumberId });
    expect(await started('  Order STATUS ', false)).toEqual({ flowId: keyword.id, version: 1 });
    expect(await started('order status please', true)).toEqual({ flowId: fresh.id, version: 1 });
    expect(await started(null, true)).toEqual({ flowId: fresh.id, version: 1 });
    expect(await started('anything', false)).toEqual({ flowId: fallback.id, version: 1 });
    await api('PUT', `/api/flows/${fallback.id}`, sampleFlow('Runtime default'));
    expect(await started(null, false)).toEqual({ flowId: fallback.id, version: 2 });

    // Flows answer on the numbers they choose: one default, and one flow per keyword, on each number.
    const triggers = (id: number, body: Record<string, unknown>) =>
      api('PUT', `/api/flows/${id}/triggers`, { keywords: [], onNewConversation: false, isDefault: false, ...body });
    expect((await triggers(fallback.id, { isDefault: true, phoneNumberIds: [FIRST] })).statusCode).toBe(200);
    expect((await triggers(keyword.id, { keywords: ['order status'], phoneNumberIds: [FIRST] })).statusCode).toBe(200);
    const second = await createFlow(t, admin, {
      ...sampleFlow('Second number'),
      triggers: { isDefault: true, keywords: ['order status'], phoneNumberIds: [SECOND] },
    });
    expect((await api('POST', `/api/flows/${second.id}/activate`)).statusCode).toBe(200);
    expect(await started('anything', false, FIRST)).toEqual({ flowId: fallback.id, version: 2 });
    expect(await started('anything', false, SECOND)).toEqual({ flowId: second.id, version: 1 });
    expect(await started('order status', false, SECOND)).toEqual({ flowId: second.id, version: 1 });
    expect(await started('order status', false, FIRST)).toEqual({ flowId: keyword.id, version: 1 });
    // A flow on every number meets both: its keyword is refused while another answers to it on either number.
    const clash = await triggers(fresh.id, { onNewConversation: true, keywords: ['order status'] });
    expect(clash.statusCode).toBe(409);
    await api('POST', `/api/flows/${second.id}/deactivate`);

    await api('POST', `/api/flows/${fallback.id}/deactivate`);
    expect(await started('anything', false)).toBeNull();
    for (const flow of [keyword, fresh]) await api('POST', `/api/flows/${flow.id}/deactivate`);
  });

  it("gives the runtime a saved version's graph and a flow's current version", async () => {
    const flow = await createFlow(t, admin, sampleFlow('Graphs'));
    await api('PUT', `/api/flows/${flow.id}`, chainFlow(2, 'Graphs'));
    expect(await runtime.graphOf(flow.id, 1)).toEqual({ nodes: flow.nodes, edges: flow.edges });
    expect((await runtime.graphOf(flow.id, 2))?.nodes.map((n) => n.id)).toEqual(['start', 'm1']);
    expect(await runtime.graphOf(flow.id, 3)).toBeNull();
    // Versions never change, so the graph is served from memory once read.
    await t.ctx.database.pool.query(`UPDATE flow_versions SET nodes = '[]'::jsonb WHERE flow_id = $1 AND version = 1`, [flow.id]);
    expect((await runtime.graphOf(flow.id, 1))?.nodes).toHaveLength(6);

    expect(await runtime.activeFlow(flow.id)).toEqual({ flowId: flow.id, version: 2 });
    expect(await runtime.activeFlow(999_999)).toBeNull();
  });
});

describe('analytics and deletion', () => {
  it('counts sessions, completions and handoffs, and per node who reached it and who stopped there', async () => {
    const flow = await createFlow(t, admin, sampleFlow('Measured'));
    const other = await createFlow(t, admin, sampleFlow('Not measured'));
    const empty = (await api('GET', `/api/flows/${flow.id}/analytics`)).json();
    expect(empty).toMatchObject({ sessions: 0, completed: 0, handedOff: 0 });
    expect(empty.nodes).toHaveLength(6);

    const { db } = t.ctx.database;
    // Customers' sessions run in a WhatsApp conversation.
    const conversationId = await db.transaction(async (tx) => {
      const contact = await upsertContact(tx, { phone: '447700900001', waId: '447700900001', name: 'Ann' });
      return upsertConversation(tx, contact.id, t.ctx.config.whatsapp.phoneNumberId);
    });
    const seed = async (flowId: number, session: Partial<typeof flowSessions.$inferInsert>, reached: string[]): Promise<void> => {
      const [row] = await db
        .insert(flowSessions)
        .values({ flowId, flowVersion: 1, userId: '447700900001', conversationId, ...session })
        .returning({ id: flowSessions.id });
      if (!row) throw new Error('no session');
      await db.insert(flowNodeVisits).values(reached.map((nodeId) => ({ sessionId: row.id, flowId, nodeId })));
    };
    const ended = (reason: string, at: string) => ({
      status: 'ended' as const,
      endedReason: reason,
      endedAt: new Date(),
      currentNodeId: at,
    });
    const toQuestion = ['start', 'welcome', 'ask'];
    await seed(flow.id, ended('completed', 'bye'), [...toQuestion, 'check', 'bye']);
    await seed(flow.id, { ...ended('handoff', 'handoff'), handedOff: true }, [...toQuestion, 'check', 'handoff']);
    await seed(flow.id, ended('idle', 'ask'), toQuestion);
    await seed(flow.id, ended('timeout', 'ask'), toQuestion);
    await seed(flow.id, ended('error', 'check'), [...toQuestion, 'check']);
    await seed(flow.id, ended('agent_takeover', 'ask'), toQuestion);
    await seed(flow.id, { status: 'waiting', currentNodeId: 'ask' }, toQuestion);
    await seed(other.id, ended('idle', 'ask'), toQuestion);

    const res = await api('GET', `/api/flows/${flow.id}/analytics`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sessions: 7,
      completed: 1,
      handedOff: 1,
      nodes: [
        { nodeId: 'start', reached: 7, droppedOff: 0 },
        { nodeId: 'welcome', reached: 7, droppedOff: 0 },
        { nodeId: 'ask', reached: 7, droppedOff: 2 },
        { nodeId: 'check', reached: 3, droppedOff: 1 },
        { nodeId: 'handoff', reached: 1, droppedOff: 0 },
        { nodeId: 'bye', reached: 1, droppedOff: 0 },
      ],
    });

    // The builder's Try it panel (the sessions API) is not counted: one run to a handoff, one left waiting, one ended.
    const tryIt = (path: string, payload: Record<string, unknown>) => api('POST', `/api/sessions/${path}`, payload);
    const tried = async () => (await tryIt('start', { flowId: flow.id, userId: 'try-it' })).json().sessionId as string;
    expect((await tryIt(`${await tried()}/continue`, { input: 'sales' })).json()).toMatchObject({ endedReason: 'handoff' });
    await tried();
    expect((await tryIt(`${await tried()}/end`, {})).statusCode).toBe(200);
    expect((await api('GET', `/api/flows/${flow.id}/analytics`)).json()).toEqual(res.json());
  });

  it('deletes a flow with its versions once it is inactive, then knows it no more', async () => {
    const flow = await createFlow(t, admin, sampleFlow('Short-lived'));
    await api('PUT', `/api/flows/${flow.id}`, sampleFlow('Short-lived'));
    await api('POST', `/api/flows/${flow.id}/activate`);
    const refused = await api('DELETE', `/api/flows/${flow.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('The flow Short-lived is active; deactivate it before deleting it');

    await api('POST', `/api/flows/${flow.id}/deactivate`);
    const removed = await api('DELETE', `/api/flows/${flow.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect(await lastActivity(t, 'flow_deleted')).toMatchObject({ data: { name: 'Short-lived' } });
    expect(await versionRows(flow.id)).toBe(0);
    const gone = await api('GET', `/api/flows/${flow.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: `There is no flow with id ${flow.id}`, code: 'NOT_FOUND' });
    expect(await runtime.graphOf(flow.id, 1)).toBeNull();
  });
});

describe('bad input', () => {
  const at = { x: 0, y: 0 };
  const start = { id: 'start', type: 'start', position: at, data: {} };
  const withNodes = (nodes: unknown[], edges: unknown[] = []) => ({ name: 'Bad', nodes: [start, ...nodes], edges });
  const optionsOf = (titles: string[]) => titles.map((title, k) => ({ id: `o${k}`, title }));

  const cases: [string, Record<string, unknown>, string][] = [
    ['nodes missing', { name: 'Bad', edges: [] }, 'Invalid flow data: missing nodes or edges'],
    ['edges missing', { name: 'Bad', nodes: [start] }, 'Invalid flow data: missing nodes or edges'],
    ['nodes not a list', { name: 'Bad', nodes: 'x', edges: [] }, 'Invalid flow data: missing nodes or edges'],
    ['edges an object', { name: 'Bad', nodes: [start], edges: {} }, 'Invalid flow data: missing nodes or edges'],
    [
      'no start node',
      { name: 'Bad', nodes: [{ id: 'm', type: 'message', position: at, data: { message: 'Hi' } }], edges: [] },
      'Flow must have a start node',
    ],
    ['edge from nowhere', withNodes([], [{ id: 'e', source: 'ghost', target: 'start' }]), 'Invalid edge: source node ghost not found'],
    ['edge to nowhere', withNodes([], [{ id: 'e', source: 'start', target: 'nowhere' }]), 'Invalid edge: target node nowhere not found'],
    [
      'message without text',
      withNodes([{ id: 'm', type: 'message', position: at, data: { message: ' ' } }]),
      'Message node m must have a message',
    ],
    [
      'condition without operator',
      withNodes([{ id: 'c', type: 'condition', position: at, data: { variable: 'x' } }]),
      'Condition node c must have a variable and operator',
    ],
    [
      'quick reply without options',
      withNodes([{ id: 'q', type: 'quickReply', position: at, data: { question: 'Which?', options: [] } }]),
      'Quick reply node q must have a question and options',
    ],
    [
      'a pattern the engine cannot compile',
      withNodes([{ id: 'c', type: 'condition', position: at, data: { variable: 'x', operator: 'matches', value: 'a{2,1}' } }]),
      'Condition node c has a pattern that is not a valid regular expression (error parsing regexp: invalid repeat count: `{2,1}`)',
    ],
    [
      // Valid in JavaScript, which the builder checks; RE2, which runs it in linear time, has no look-arounds.
      'a look-ahead',
      withNodes([{ id: 'c', type: 'condition', position: at, data: { variable: 'x', operator: 'matches', value: 'a(?=b)' } }]),
      'Condition node c has a pattern that is not a valid regular expression (error parsing regexp: invalid or unsupported Perl syntax: `(?=`)',
    ],
    ['action without type', withNodes([{ id: 'a', type: 'action', position: at, data: {} }]), 'Action node a must have an action type'],
    ['unknown node type', withNodes([{ id: 'x', type: 'teleport', position: at, data: {} }]), 'Unknown node type: teleport'],
    [
      'a button title over 20 characters',
      withNodes([{ id: 'q', type: 'quickReply', position: at, data: { question: 'Which?', options: optionsOf(['x'.repeat(21), 'ok']) } }]),
      'Quick reply node q: option "xxxxxxxxxxxxxxxxxxxxx" is longer than 20 characters (WhatsApp\'s limit for a button)',
    ],
    [
      'eleven options',
      withNodes([{ id: 'q', type: 'quickReply', position: at, data: { question: 'Which?', options: optionsOf([...'abcdefghijk']) } }]),
      'Quick reply node q has 11 options; WhatsApp shows at most 10',
    ],
    [
      'a node without an id',
      withNodes([{ id: 1, type: 'message', position: at, data: {} }]),
      'Invalid node at position 2: it needs an id and a type',
    ],
    ['an edge that is not an object', withNodes([], [null]), 'Invalid edge at position 1'],
    [
      'a position that is not a point',
      { name: 'Bad', nodes: [{ ...start, position: 'x' }], edges: [] },
      'Node start: position: Invalid input: expected object, received string',
    ],
    ['1,001 nodes', chainFlow(1001), 'A flow has at most 1000 nodes'],
  ];

  let target: Flow;
  beforeAll(async () => {
    target = await createFlow(t, admin, sampleFlow('Target of bad saves'));
  });

  it.each(cases)('%s: refused on create and on save with its message, saving nothing', async (_label, body, message) => {
    const before = await flowCount();
    const created = await api('POST', '/api/flows', body);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR', details: { errors: [{ message }], warnings: [] } });
    const saved = await api('PUT', `/api/flows/${target.id}`, body);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toBe(message);
    expect(await flowCount()).toBe(before);
    expect((await getFlow(target.id)).metadata.version).toBe(1);
    expect(await versionRows(target.id)).toBe(1);
  });

  it('accepts a 1,000-node flow, and quickly', async () => {
    const started = performance.now();
    const flow = await createFlow(t, admin, chainFlow(1000, 'Thousand'));
    const saved = await api('PUT', `/api/flows/${flow.id}`, { ...chainFlow(1000, 'Thousand'), metadata: { version: 1 } });
    const elapsed = performance.now() - started;
    expect(flow.nodes).toHaveLength(1000);
    expect(saved.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(5_000);
    const listed = (await api('GET', '/api/listflows?search=thousand')).json().flows as FlowSummary[];
    expect(listed[0]?.nodeCount).toBe(1000);
  });

  it.each<[string, unknown, RegExp]>([
    ['a name that is a number', { ...sampleFlow(), name: 5 }, /^name is required/],
    ['a blank name', { ...sampleFlow(), name: '   ' }, /^name is required/],
    ['a name too long', { ...sampleFlow(), name: 'n'.repeat(121) }, /^name must be at most 120 characters/],
    ['a description object', { ...sampleFlow(), description: {} }, /description/],
    ['keywords that are numbers', { ...sampleFlow(), triggers: { keywords: [1] } }, /triggers\.keywords\.0/],
    ['metadata that is text', { ...sampleFlow(), metadata: 'x' }, /metadata/],
    ['a list for a body', [sampleFlow()], /expected object/],
  ])('refuses %s with a 400 naming the field', async (_label, body, message) => {
    const before = await flowCount();
    const res = await t.request({ method: 'POST', url: '/api/flows', token: admin, payload: body as Record<string, unknown> });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().error).toMatch(message);
    expect(await flowCount()).toBe(before);
  });

  it('refuses bad triggers, list queries and ids', async () => {
    const triggers = `/api/flows/${target.id}/triggers`;
    expect((await api('PUT', triggers, { keywords: 'hi' })).statusCode).toBe(400);
    expect((await api('PUT', triggers, { keywords: Array.from({ length: 21 }, (_, k) => `k${k}`) })).statusCode).toBe(400);
    expect((await api('PUT', triggers, { keywords: ['x'.repeat(61)] })).statusCode).toBe(400);
    expect((await api('PUT', triggers, { isDefault: 'yes' })).statusCode).toBe(400);
    expect((await getFlow(target.id)).triggers).toEqual({ keywords: [], onNewConversation: false, isDefault: false, phoneNumberIds: [] });

    for (const query of ['limit=1000', 'page=0', 'isActive=maybe', `search=${'s'.repeat(201)}`]) {
      expect((await api('GET', `/api/listflows?${query}`)).statusCode, query).toBe(400);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await api('GET', `/api/flows/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await api('GET', `/api/flows/${target.id}/versions/x`)).statusCode).toBe(400);
  });

  it('answers 404 with a sentence for an unknown flow, on every route', async () => {
    const id = 987_654;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/flows/${id}`],
      ['PUT', `/api/flows/${id}`, sampleFlow()],
      ['DELETE', `/api/flows/${id}`],
      ['GET', `/api/flows/${id}/versions`],
      ['GET', `/api/flows/${id}/versions/1`],
      ['POST', `/api/flows/${id}/versions/1/restore`],
      ['POST', `/api/flows/${id}/activate`],
      ['POST', `/api/flows/${id}/deactivate`],
      ['PUT', `/api/flows/${id}/triggers`, { keywords: ['x'] }],
      ['GET', `/api/flows/${id}/analytics`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await api(method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ error: `There is no flow with id ${id}`, code: 'NOT_FOUND' });
    }
  });

  it('is for admins only, enforced by the server', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/flows', sampleFlow()],
      ['GET', '/api/listflows'],
      ['GET', `/api/flows/${target.id}`],
      ['PUT', `/api/flows/${target.id}`, sampleFlow()],
      ['DELETE', `/api/flows/${target.id}`],
      ['GET', `/api/flows/${target.id}/versions`],
      ['POST', `/api/flows/${target.id}/versions/1/restore`],
      ['POST', `/api/flows/${target.id}/activate`],
      ['PUT', `/api/flows/${target.id}/triggers`, { keywords: ['x'] }],
      ['GET', `/api/flows/${target.id}/analytics`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await api(method as 'GET', url, payload, agent.token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_PERMISSIONS');
      expect((await t.request({ method: method as 'GET', url })).statusCode).toBe(401);
    }
    expect(await getFlow(target.id)).toMatchObject({ isActive: false, metadata: { version: 1 } });
  });
});

describe('API documentation', () => {
  it('shows the flow routes with their schemas and an example flow', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(JSON.stringify(paths['/api/flows'].post.requestBody.content['application/json'])).toContain('"keywords":["hi","hello"]');
    expect(paths['/api/flows'].post.responses['201']).toBeDefined();
    expect(paths['/api/listflows'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'search', 'isActive', 'noCache']),
    );
    for (const path of [
      '/api/flows/{id}',
      '/api/flows/{id}/versions',
      '/api/flows/{id}/versions/{version}',
      '/api/flows/{id}/versions/{version}/restore',
      '/api/flows/{id}/activate',
      '/api/flows/{id}/deactivate',
      '/api/flows/{id}/triggers',
      '/api/flows/{id}/analytics',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/api/flows/{id}'].put.responses['409']).toBeDefined();
  });
});

// Last: this changes the licence in force for the rest of the file.
describe('flows and the licence', () => {
  it('is refused whole on a plan without bot flows, with the licence error shape', async () => {
    expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
    const before = await flowCount();
    for (const [method, url, payload] of [
      ['GET', '/api/listflows'],
      ['POST', '/api/flows', sampleFlow()],
    ] as const) {
      const res = await api(method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FEATURE_NOT_AVAILABLE',
        error: 'Bot flows is not available on the Basic plan',
        feature: 'botFlows',
        requiredPlan: 'professional',
      });
    }
    expect(await flowCount()).toBe(before);
    await applyKey(t, mintKey({ plan: 'basic', features: { botFlows: true } }));
    expect((await api('GET', '/api/listflows')).statusCode).toBe(200);
  });
});
