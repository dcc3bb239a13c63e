import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CloudApiClient, CloudApiError, createCloudApiClient } from '../cloud-api-client.ts';
import { whatsappTables } from '../test/db-queries.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../test/listening-test-app.ts';
import { extractChanges } from '../webhook/webhook-payload.ts';
import type { SendCounts } from './send-counter.ts';

let t: ListeningTestApp;
let client: CloudApiClient;
let adminToken: string;
let agentToken: string;

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SANDBOX_TEMPLATE_REVIEW_MS: '50' } });
  const { whatsapp } = t.ctx.config;
  client = createCloudApiClient({
    baseUrl: `${t.baseUrl}/sandbox/graph`,
    version: whatsapp.apiVersion,
    accessToken: whatsapp.accessToken,
    phoneNumberId: whatsapp.phoneNumberId,
    businessAccountId: whatsapp.businessAccountId,
    retry: { sleep: async () => {} },
  });
  adminToken = await t.adminToken();
  agentToken = (await t.createUser({ username: 'bulk-agent' })).token;
});
afterAll(() => t.close());

const control = (method: string, path: string, body?: unknown, token: string | null = adminToken) =>
  fetch(`${t.baseUrl}/sandbox/control/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function approvedTemplate(name: string) {
  const { id } = await client.createTemplate({
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Your order has shipped.' }],
  });
  await eventually(async () => (await client.getTemplate(id)).status === 'APPROVED');
}

/** The statuses of `wamid` the server's webhook received, parsed as the server parses them. */
async function receivedStatuses(wamid: string) {
  const events = await whatsappTables(t.ctx.database.db).events();
  return events.flatMap((e) => extractChanges(e.payload).statuses).filter((s) => s.wamid === wamid);
}

describe('biz_opaque_callback_data', () => {
  it('goes out with a template send and comes back in its sent, delivered and read webhooks', async () => {
    await approvedTemplate('bulk_shipped');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { wamid } = await client.sendTemplate('447700900700', 'bulk_shipped', 'en_US', [], { callbackData: 'campaign:1:recipient:7' });
    const sent = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/messages'));
    fetchSpy.mockRestore();
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ type: 'template', biz_opaque_callback_data: 'campaign:1:recipient:7' });

    const statuses = await eventually(async () => {
      const found = await receivedStatuses(wamid);
      return found.length === 3 ? found : null;
    });
    expect(statuses.map((s) => [s.status, s.callbackData])).toEqual([
      ['sent', 'campaign:1:recipient:7'],
      ['delivered', 'campaign:1:recipient:7'],
      ['read', 'campaign:1:recipient:7'],
    ]);
  });

  it('comes back in a failed webhook, and is absent from the statuses of a send without it', async () => {
    await approvedTemplate('bulk_failed');
    await control('POST', 'fail-next', { code: 131026, httpStatus: 400, via: 'status' });
    const failed = await client.sendTemplate('447700900701', 'bulk_failed', 'en_US', [], { callbackData: 'campaign:1:recipient:8' });
    const plain = await client.sendText('447700900702', 'No callback data');
    expect(await eventually(async () => (await receivedStatuses(failed.wamid))[0])).toMatchObject({
      status: 'failed',
      callbackData: 'campaign:1:recipient:8',
      errors: [expect.objectContaining({ code: 131026 })],
    });
    const plainStatuses = await eventually(async () => {
      const found = await receivedStatuses(plain.wamid);
      return found.length === 3 ? found : null;
    });
    expect(plainStatuses.map((s) => s.callbackData)).toEqual([null, null, null]);
  });

  it('is refused in Meta’s error shape when longer than 512 characters or not a string', async () => {
    await approvedTemplate('bulk_long');
    await expect(client.sendTemplate('447700900703', 'bulk_long', 'en_US', [], { callbackData: 'x'.repeat(512) })).resolves.toMatchObject({
      wamid: expect.stringMatching(/^wamid\./),
    });
    const err = await client.sendTemplate('447700900703', 'bulk_long', 'en_US', [], { callbackData: 'x'.repeat(513) }).catch((e) => e);
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({
      httpStatus: 400,
      code: 100,
      kind: 'permanent',
      metaMessage: '(#100) Param biz_opaque_callback_data must be at most 512 characters long.',
    });
    const { whatsapp } = t.ctx.config;
    const res = await fetch(`${t.baseUrl}/sandbox/graph/${whatsapp.apiVersion}/${whatsapp.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${whatsapp.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '447700900703', text: { body: 'hi' }, biz_opaque_callback_data: 42 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: '(#100) Param biz_opaque_callback_data must be a string.',
        type: 'OAuthException',
        code: 100,
        error_data: { messaging_product: 'whatsapp', details: expect.stringContaining('biz_opaque_callback_data') },
        fbtrace_id: expect.any(String),
      },
    });
  });
});

describe('messaging limit tier', () => {
  it('answers TIER_1K at first, then the tier a test sets', async () => {
    expect(await client.phoneNumberLimits()).toEqual({
      tier: 'TIER_1K',
      uniqueRecipientsPer24h: 1000,
      throughputLevel: 'STANDARD',
      qualityRating: 'GREEN',
      displayPhoneNumber: '15550100001',
      verifiedName: 'Sandbox Business',
    });
    const set = await control('PUT', 'messaging-limit-tier', { tier: 'TIER_250' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ tier: 'TIER_250' });
    expect(await client.phoneNumberLimits()).toMatchObject({ tier: 'TIER_250', uniqueRecipientsPer24h: 250 });
    await control('PUT', 'messaging-limit-tier', { tier: 'TIER_UNLIMITED' });
    expect(await client.phoneNumberLimits()).toMatchObject({ tier: 'TIER_UNLIMITED', uniqueRecipientsPer24h: null });
    await control('PUT', 'messaging-limit-tier', { tier: 'TIER_1K' });
  });

  it('reads only the fields asked for, with the id, as Graph does', async () => {
    const { whatsapp } = t.ctx.config;
    const get = (fields: string) =>
      fetch(`${t.baseUrl}/sandbox/graph/${whatsapp.apiVersion}/${whatsapp.phoneNumberId}?fields=${fields}`, {
        headers: { authorization: `Bearer ${whatsapp.accessToken}` },
      });
    expect(await (await get('messaging_limit_tier,throughput,quality_rating')).json()).toEqual({
      messaging_limit_tier: 'TIER_1K',
      throughput: { level: 'STANDARD' },
      quality_rating: 'GREEN',
      id: whatsapp.phoneNumberId,
    });
    const unknown = await get('messaging_limit_tier,colour');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 100, message: expect.stringContaining('nonexisting field (colour)') } });
  });

  it('refuses an unknown tier with the allowed ones named, and lets only admins set it', async () => {
    const res = await control('PUT', 'messaging-limit-tier', { tier: 'TIER_5K' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'tier must be one of TIER_250, TIER_1K, TIER_2K, TIER_10K, TIER_100K, TIER_UNLIMITED (body tier)',
      code: 'VALIDATION_ERROR',
    });
    expect((await control('PUT', 'messaging-limit-tier', { tier: 'TIER_10K' }, null)).status).toBe(401);
    expect((await control('PUT', 'messaging-limit-tier', { tier: 'TIER_10K' }, agentToken)).status).toBe(403);
    expect((await client.phoneNumberLimits()).tier).toBe('TIER_1K');
  });
});

describe('send counter', () => {
  it('counts accepted sends per recipient wa_id and per second, and resets', async () => {
    expect((await control('DELETE', 'sends')).status).toBe(200);
    const from = Math.floor(Date.now() / 1000);
    await client.sendText('447700900801', 'one');
    await client.sendText('+447700900801', 'two');
    await client.sendText('447700900802', 'three');
    await control('POST', 'fail-next', { code: 131047, httpStatus: 400 });
    await client.sendText('447700900803', 'refused').catch(() => undefined);
    const to = Math.floor(Date.now() / 1000);

    const counts = (await (await control('GET', 'sends')).json()) as SendCounts;
    expect(counts).toMatchObject({ total: 3, byRecipient: { '447700900801': 2, '447700900802': 1 } });
    expect(counts.byNumber[t.ctx.config.whatsapp.phoneNumberId]?.total).toBe(3);
    expect(counts.perSecond.reduce((n, s) => n + s.count, 0)).toBe(3);
    const seconds = counts.perSecond.map((s) => s.second);
    expect(Math.min(...seconds)).toBeGreaterThanOrEqual(from);
    expect(Math.max(...seconds)).toBeLessThanOrEqual(to);

    expect(await (await control('DELETE', 'sends')).json()).toEqual({ success: true });
    expect(await (await control('GET', 'sends')).json()).toEqual({ total: 0, byRecipient: {}, perSecond: [], byNumber: {}, marketing: 0 });
    expect((await control('GET', 'sends', undefined, agentToken)).status).toBe(403);
  });
});
