import type { OutboundDelivery, OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey, lastActivity } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { genuineTimestamped, type Receiver, signedWith, startReceiver } from './test/receiver.ts';

let t: TestApp;
let admin: string;
let agent: SeededUser;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ domains: ['outbound-webhooks'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  admin = await t.adminToken();
  agent = await addUser(t, { username: 'hook-agent' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, token = admin) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });

const allowHosts = async (hosts: string[]) => {
  const res = await api('PUT', '/api/app/settings', { settings: { 'webhooks.allowed_hosts': hosts } });
  expect(res.statusCode).toBe(200);
};

async function subscribe(body: Record<string, unknown>): Promise<{ webhook: OutboundWebhook; secret: string }> {
  const res = await api('POST', '/api/outbound-webhooks', body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const sendTest = async (id: number) => {
  const res = await api('POST', `/api/outbound-webhooks/${id}/test`);
  expect(res.statusCode).toBe(200);
  return res.json() as OutboundDelivery;
};

const deliveriesOf = async (id: number, query = '') =>
  (await api('GET', `/api/outbound-webhooks/${id}/deliveries${query}`)).json() as { deliveries: OutboundDelivery[]; pagination: unknown };

describe('subscriptions', () => {
  it('refuses private, loopback and link-local addresses with a 400 naming the url, until an admin allows the host', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://127.0.0.1:9/hook',
      'http://169.254.169.254/latest',
      'http://localhost:8080/',
      'http://[::1]/',
    ]) {
      const res = await api('POST', '/api/outbound-webhooks', { url, events: ['message.received'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'url' }] });
      expect(res.json().error).toMatch(/^The url cannot be used: .*(private|loopback|link-local).*allow the host in Settings$/);
    }
    expect((await api('GET', '/api/outbound-webhooks')).json()).toEqual({ webhooks: [] });

    await allowHosts(['127.0.0.1']);
    // The setting is for admins only, like the bot flows' one.
    expect((await t.request({ method: 'GET', url: '/api/app/public' })).json().settings['webhooks.allowed_hosts']).toEqual([]);
    expect((await api('POST', '/api/outbound-webhooks', { url: receiver.url('/allowed'), events: ['message.received'] })).statusCode).toBe(
      201,
    );
    // Another private address stays refused.
    expect((await api('POST', '/api/outbound-webhooks', { url: 'http://10.0.0.5/hook', events: ['message.received'] })).statusCode).toBe(
      400,
    );
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'not a url', events: ['message.received'] }, /url must be an http\(s\) URL/],
      [{ url: 'ftp://example.com/x', events: ['message.received'] }, /url must be an http\(s\) URL/],
      [{ events: ['message.received'] }, /url is required/],
      [{ url: receiver.url('/x'), events: ['message.deleted'] }, /events must be among message.received, message.status/],
      [{ url: receiver.url('/x'), events: [] }, /events must name at least one event/],
      [{ url: receiver.url('/x'), events: ['message.received'], description: 'd'.repeat(201) }, /description must be at most 200/],
      [{ url: receiver.url('/x'), events: ['message.received'], secret: 'mine' }, /secret/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/api/outbound-webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it('answers the signing secret once; list and get never show it; changes are recorded', async () => {
    const { webhook, secret } = await subscribe({
      url: receiver.url('/crud'),
      events: ['message.status', 'message.received', 'message.status'],
      description: ' Shop ',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({
      url: receiver.url('/crud'),
      events: ['message.status', 'message.received'],
      description: 'Shop',
      active: true,
      failedLastDay: 0,
      lastDelivery: null,
    });
    const listed = await api('GET', '/api/outbound-webhooks');
    expect(listed.body).not.toContain(secret);
    expect(listed.json().webhooks.map((w: OutboundWebhook) => w.id)).toContain(webhook.id);
    const got = await api('GET', `/api/outbound-webhooks/${webhook.id}`);
    expect(got.json()).toEqual(webhook);
    expect(got.body).not.toContain('whsec_');
    const host = new URL(receiver.url('/')).host;
    expect(await lastActivity(t, 'outbound_webhook_created')).toMatchObject({ data: { username: 'admin', name: host } });

    const updated = await api('PUT', `/api/outbound-webhooks/${webhook.id}`, { events: ['campaign.finished'], active: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ events: ['campaign.finished'], active: false, description: 'Shop' });
    expect(await lastActivity(t, 'outbound_webhook_updated')).toMatchObject({ data: { name: host, details: 'events, active' } });
    const refused = await api('PUT', `/api/outbound-webhooks/${webhook.id}`, { url: 'http://192.168.1.10/hook' });
    expect(refused.statusCode).toBe(400);
    expect((await api('GET', `/api/outbound-webhooks/${webhook.id}`)).json().url).toBe(receiver.url('/crud'));
    expect((await api('PUT', `/api/outbound-webhooks/${webhook.id}`, { active: 'yes' })).statusCode).toBe(400);

    expect((await api('DELETE', `/api/outbound-webhooks/${webhook.id}`)).json()).toEqual({ success: true });
    expect(await lastActivity(t, 'outbound_webhook_deleted')).toMatchObject({ data: { name: host } });
    for (const [method, url] of [
      ['GET', `/api/outbound-webhooks/${webhook.id}`],
      ['PUT', `/api/outbound-webhooks/${webhook.id}`],
      ['DELETE', `/api/outbound-webhooks/${webhook.id}`],
      ['POST', `/api/outbound-webhooks/${webhook.id}/test`],
      ['GET', `/api/outbound-webhooks/${webhook.id}/deliveries`],
    ] as const) {
      expect((await api(method, url, method === 'PUT' ? { active: true } : undefined)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('is for admins only', async () => {
    expect((await api('GET', '/api/outbound-webhooks', undefined, agent.token)).statusCode).toBe(403);
    expect(
      (await api('POST', '/api/outbound-webhooks', { url: receiver.url('/a'), events: ['message.received'] }, agent.token)).statusCode,
    ).toBe(403);
  });
});

describe('test events and the delivery log', () => {
  it('delivers a signed test event at once and answers how it went', async () => {
    const { webhook, secret } = await subscribe({ url: receiver.url('/test?shop=1'), events: ['message.received'], active: false });
    const delivery = await sendTest(webhook.id);
    expect(delivery).toMatchObject({
      event: 'test',
      state: 'delivered',
      attempts: 1,
      statusCode: 200,
      response: '{"ok":true}',
      nextAttemptAt: null,
    });
    expect(delivery.durationMs).toBeGreaterThan(0);

    const [got] = receiver.received('/test?shop=1');
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-wac-event': 'test',
      'x-wac-delivery': String(delivery.id),
    });
    expect(got && signedWith(secret, got)).toBe(true);
    expect(got?.payload).toMatchObject({ event: 'test', data: { webhookId: webhook.id } });
    expect(got?.payload.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(got?.payload.createdAt ?? '').toISOString()).toBe(got?.payload.createdAt);

    const log = await deliveriesOf(webhook.id);
    expect(log.deliveries).toEqual([delivery]);
    expect(log.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect((await api('GET', `/api/outbound-webhooks/${webhook.id}`)).json().lastDelivery).toMatchObject({ ok: true, statusCode: 200 });
  });

  it('signs with the new secret once it is rotated', async () => {
    const { webhook, secret: old } = await subscribe({ url: receiver.url('/rotate'), events: ['message.status'] });
    const rotated = await api('POST', `/api/outbound-webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    expect(await lastActivity(t, 'outbound_webhook_updated')).toMatchObject({ data: { details: 'signing secret rotated' } });
    await sendTest(webhook.id);
    const [got] = receiver.received('/rotate');
    expect(got && signedWith(secret, got)).toBe(true);
    expect(got && signedWith(old, got)).toBe(false);
  });

  it('signs a timestamp with the body, which a receiving server verifies (and the old header for one more release)', async () => {
    const { webhook, secret } = await subscribe({ url: receiver.url('/timestamped'), events: ['message.received'] });
    receiver.verify('/timestamped', secret);
    const before = Math.floor(Date.now() / 1000);
    expect(await sendTest(webhook.id)).toMatchObject({ state: 'delivered', statusCode: 200 });
    const [got] = receiver.received('/timestamped');
    const header = String(got?.headers['x-wac-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const t = Number(/^t=(\d+)/.exec(header)?.[1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(got && signedWith(secret, got)).toBe(true);

    // Signed with another secret, or the body changed, the receiver refuses it.
    receiver.verify('/timestamped', 'whsec_another');
    expect(await sendTest(webhook.id)).toMatchObject({ state: 'failed', statusCode: 401 });
    expect(genuineTimestamped(`${got?.body} `, header, secret)).toBe(false);
  });

  it('logs a refusal with its status code and the first 2,000 characters of the answer; a retry queues it again', async () => {
    receiver.answer('/refuses', { status: 500, body: `${'é'.repeat(2_500)}` });
    const { webhook } = await subscribe({ url: receiver.url('/refuses'), events: ['message.received'] });
    const failed = await sendTest(webhook.id);
    expect(failed).toMatchObject({ state: 'failed', statusCode: 500, attempts: 1, nextAttemptAt: null });
    expect(failed.response).toBe('é'.repeat(2_000));
    expect((await api('GET', `/api/outbound-webhooks/${webhook.id}`)).json()).toMatchObject({
      failedLastDay: 1,
      lastDelivery: { ok: false, statusCode: 500 },
    });
    expect((await deliveriesOf(webhook.id, '?state=failed')).deliveries).toHaveLength(1);
    expect((await deliveriesOf(webhook.id, '?state=delivered')).deliveries).toHaveLength(0);

    receiver.answer('/refuses', { status: 204 });
    const retried = await api('POST', `/api/outbound-webhooks/${webhook.id}/deliveries/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, state: 'pending' });
    const deadline = Date.now() + 10_000;
    let after = retried.json() as OutboundDelivery;
    while (after.state === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [after] = (await deliveriesOf(webhook.id)).deliveries as [OutboundDelivery];
    }
    expect(after).toMatchObject({ state: 'delivered', attempts: 2, statusCode: 204, response: '' });
    expect(receiver.received('/refuses')).toHaveLength(2);

    const again = await api('POST', `/api/outbound-webhooks/${webhook.id}/deliveries/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect((await api('POST', `/api/outbound-webhooks/${webhook.id}/deliveries/99999/retry`)).statusCode).toBe(404);
    expect((await api('POST', `/api/outbound-webhooks/${webhook.id}/deliveries/abc/retry`)).statusCode).toBe(400);
  });

  it('reports a receiver that cannot be reached, and refuses an address no longer allowed at delivery time', async () => {
    const { webhook } = await subscribe({ url: 'http://127.0.0.1:9/closed', events: ['message.received'] });
    expect(await sendTest(webhook.id)).toMatchObject({
      state: 'failed',
      statusCode: null,
      response: 'The server at 127.0.0.1:9 refused the connection',
    });

    const { webhook: later } = await subscribe({ url: receiver.url('/later'), events: ['message.received'] });
    await allowHosts([]);
    const refused = await sendTest(later.id);
    expect(refused).toMatchObject({ state: 'failed', statusCode: null });
    expect(refused.response).toMatch(/^The address 127\.0\.0\.1 is a loopback address \(this machine\); an admin can allow the host/);
    expect(receiver.received('/later')).toHaveLength(0);
    await allowHosts(['127.0.0.1']);
  });
});

describe('API documentation', () => {
  it('lists every outbound webhook route under its tag, with how deliveries are signed', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = [
      ['/api/outbound-webhooks', 'post'],
      ['/api/outbound-webhooks', 'get'],
      ['/api/outbound-webhooks/{id}', 'get'],
      ['/api/outbound-webhooks/{id}', 'put'],
      ['/api/outbound-webhooks/{id}', 'delete'],
      ['/api/outbound-webhooks/{id}/rotate-secret', 'post'],
      ['/api/outbound-webhooks/{id}/test', 'post'],
      ['/api/outbound-webhooks/{id}/deliveries', 'get'],
      ['/api/outbound-webhooks/{id}/deliveries/{deliveryId}/retry', 'post'],
    ] as const;
    for (const [path, method] of routes) expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['Outbound webhooks']);
    expect(paths['/api/outbound-webhooks'].post.description).toContain('X-WAC-Signature: t=<unix seconds>,v1=');
    expect(JSON.stringify(paths['/api/outbound-webhooks'].post.requestBody)).toContain('conversation.handed_off');
  });
});

describe('licence', () => {
  it('needs the apiAccess feature', async () => {
    expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
    const res = await api('GET', '/api/outbound-webhooks');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'apiAccess' });
    expect((await api('POST', '/api/outbound-webhooks', { url: receiver.url('/x'), events: ['message.received'] })).statusCode).toBe(403);
  });
});
