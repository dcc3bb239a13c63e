import { webhookHealthSchema } from '@wac/contract/whatsapp-channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { inboundPayload } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { createListeningTestApp, eventually, type ListeningTestApp, postWebhook } from '../../whatsapp/test/listening-test-app.ts';

const SECRET = 'health-secret';
let t: ListeningTestApp;
let admin: string;
let agent: string;

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging'], env: { WHATSAPP_APP_SECRET: SECRET } });
  admin = await t.adminToken();
  agent = (await t.createUser({ username: 'channel-agent' })).token;
});
afterAll(() => t.close());

const get = async (path: string, token: string | null) => {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const health = async () => webhookHealthSchema.parse((await get('/api/webhooks/whatsapp/health', admin)).body);

describe('GET /api/whatsapp/status', () => {
  it('tells signed-in users the channel runs on the sandbox, with its number and Graph version', async () => {
    expect(await get('/api/whatsapp/status', agent)).toEqual({
      status: 200,
      body: { mode: 'sandbox', phoneNumberId: t.ctx.config.whatsapp.phoneNumberId, apiVersion: 'v21.0' },
    });
    expect((await get('/api/whatsapp/status', null)).status).toBe(401);
  });

  it('says live when a real Graph API is configured', async () => {
    const live = await createTestApp({
      domains: ['messaging'],
      env: { WHATSAPP_API_URL: 'https://graph.facebook.com', WHATSAPP_PHONE_NUMBER_ID: '123456789' },
    });
    try {
      const res = await live.request({ method: 'GET', url: '/api/whatsapp/status', token: await live.adminToken() });
      expect(res.json()).toEqual({ mode: 'live', phoneNumberId: '123456789', apiVersion: 'v21.0' });
    } finally {
      await live.close();
    }
  });
});

describe('GET /api/webhooks/whatsapp/health', () => {
  it('is for admins only', async () => {
    expect((await get('/api/webhooks/whatsapp/health', null)).status).toBe(401);
    expect((await get('/api/webhooks/whatsapp/health', agent)).status).toBe(403);
  });

  it('counts refused signatures, received events and events that gave up', async () => {
    const before = await health();
    expect(before).toMatchObject({ eventsLast24h: 0, signatureFailuresLast24h: 0, lastSignatureFailureAt: null, waiting: 0, failed: 0 });

    const { phoneNumberId, businessAccountId } = t.ctx.config.whatsapp;
    const payload = inboundPayload(
      { wabaId: businessAccountId, phoneNumberId, displayPhoneNumber: '15550001111' },
      { from: '447700900700', wamid: 'wamid.health-1', message: { type: 'text', text: { body: 'hello' } } },
    );
    expect((await postWebhook(t.baseUrl, payload, { secret: 'wrong-secret' })).status).toBe(401);
    expect((await postWebhook(t.baseUrl, payload, { signature: null })).status).toBe(401);
    const tables = whatsappTables(t.ctx.database.db);
    expect(await tables.events()).toHaveLength(0);

    expect((await postWebhook(t.baseUrl, payload, { secret: SECRET })).status).toBe(200);
    await eventually(tables.allProcessed);
    // An event that failed processing five times waits for an admin.
    await t.ctx.database.pool.query(`INSERT INTO webhook_events (payload, attempts, error) VALUES ('{}', 5, 'cannot read this event')`);

    const after = await health();
    expect(after).toMatchObject({ eventsLast24h: 2, signatureFailuresLast24h: 2, waiting: 0, oldestWaitingSeconds: null, failed: 1 });
    expect(Date.now() - Date.parse(after.lastSignatureFailureAt ?? '')).toBeLessThan(10_000);
    expect(Date.now() - Date.parse(after.lastEventAt ?? '')).toBeLessThan(10_000);
  });
});
