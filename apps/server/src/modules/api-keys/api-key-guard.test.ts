import { type ApiKey, type ApiKeyLogEntry, type ApiKeyUsage, REFUSAL_WINDOW_MS, REFUSALS_LOGGED_EACH } from '@wac/contract/api-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { KEY_CACHE_MS } from './api-key-access.ts';
import { createKey, ECHO_MESSAGE_ID, ECHO_URL, EITHER_URL, type KeyServer, SLOW_URL, startKeyServer } from './test/api-key-test-kit.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

let t: TestApp;
/** Where the key-authenticated calls go: another server process on the same database. */
let k: KeyServer;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    domains: ['api-keys', 'activities', 'license', 'public-api', 'messaging'],
    env: { LICENSE_HMAC_SECRET: TEST_SECRET },
  });
  k = await startKeyServer(t);
  admin = await t.adminToken();
});
afterAll(async () => {
  await k.close();
  await t.close();
});

const echo = (key: string | undefined, options: { remoteAddress?: string; payload?: unknown } = {}) =>
  k.call({
    method: 'POST',
    url: ECHO_URL,
    key,
    remoteAddress: options.remoteAddress,
    payload: (options.payload ?? { phone: '15550001111' }) as Record<string, unknown>,
  });

const adminOn = (server: 'first' | 'second', method: 'GET' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) =>
  server === 'first'
    ? t.request({ method, url, token: admin, payload })
    : k.call({ method, url, headers: { authorization: `Bearer ${admin}` }, payload });

/** The key's log once `count` calls are in it: the log is written a quarter of a second after the answers. */
async function logsOf(id: number, count: number, query = ''): Promise<{ logs: ApiKeyLogEntry[]; pagination: { total: number } }> {
  let body: { logs: ApiKeyLogEntry[]; pagination: { total: number } } | undefined;
  await expect
    .poll(
      async () => {
        body = (await t.request({ method: 'GET', url: `/api/keys/${id}/logs${query}`, token: admin })).json();
        // The page and the count are read apart: a call logged between the two shows in the count only, until the next read.
        return [body?.pagination.total, (body?.logs.length ?? 0) > 0];
      },
      { timeout: 5_000, interval: 100 },
    )
    .toEqual([count, count > 0]);
  return body!;
}

describe('a key-authenticated route', () => {
  it('admits a valid key with the scope and tells the route which key called', async () => {
    const { key, secret } = await createKey(t, { name: 'Shop', scopes: ['send:text', 'send:media'] });
    const res = await echo(secret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ caller: { id: key.id, name: 'Shop', scopes: ['send:text', 'send:media'] }, phone: '15550001111' });
  });

  it('refuses a missing, malformed or unknown key with 401', async () => {
    const missing = await echo(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Authentication required: an API key in the X-API-Key header' });
    for (const secret of ['not-a-key', `wac_${'A'.repeat(43)}`, `wac_${'A'.repeat(44)}`]) {
      const res = await echo(secret);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Invalid API key' });
    }
  });

  it('refuses a bearer token, saying the endpoint takes X-API-Key; and a bearer endpoint refuses a key', async () => {
    const res = await k.call({ method: 'POST', url: ECHO_URL, headers: { authorization: `Bearer ${admin}` }, payload: { phone: '1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('This endpoint takes an API key in the X-API-Key header, not a bearer token');

    const { secret } = await createKey(t, { name: 'Not for admin routes', scopes: ['send:text'] });
    for (const url of ['/api/keys', '/api/activities']) {
      expect((await k.call({ method: 'GET', url, key: secret })).statusCode).toBe(401);
    }
  });

  it('refuses a key without the scope with 403 INSUFFICIENT_PERMISSIONS naming it', async () => {
    const { secret } = await createKey(t, { name: 'Media only', scopes: ['send:media'] });
    const res = await echo(secret);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', error: 'The API key Media only lacks the send:text scope' });
  });

  it('admits calls from its IP ranges only, IPv4 and IPv6', async () => {
    const { secret } = await createKey(t, {
      name: 'Office',
      scopes: ['send:text'],
      allowedIps: ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32'],
    });
    for (const remoteAddress of ['10.20.30.40', '192.168.1.7', '2001:db8::5', '::ffff:10.1.1.1']) {
      expect((await echo(secret, { remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['11.0.0.1', '192.168.1.8', '2001:db9::5', '127.0.0.1']) {
      const res = await echo(secret, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: `The API key Office does not accept calls from ${remoteAddress}` });
    }
  });

  it('stops a revoked key at once on the server that revoked it', async () => {
    const { key, secret } = await createKey(t, { name: 'Revoked here', scopes: ['send:text'] });
    expect((await echo(secret)).statusCode).toBe(200);
    expect((await adminOn('second', 'DELETE', `/api/keys/${key.id}`)).statusCode).toBe(200);
    const res = await echo(secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('The API key Revoked here has been revoked');
  });

  it('stops a key revoked by another server within a second', async () => {
    const { key, secret } = await createKey(t, { name: 'Revoked elsewhere', scopes: ['send:text'] });
    expect((await echo(secret)).statusCode).toBe(200);
    expect((await adminOn('first', 'DELETE', `/api/keys/${key.id}`)).statusCode).toBe(200);
    const revokedAt = Date.now();
    await expect.poll(async () => (await echo(secret)).statusCode, { timeout: 3_000, interval: 50 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(KEY_CACHE_MS + 500);
  });

  it('refuses a key once it has expired', async () => {
    const expiresAt = Date.now() + 1_500;
    const { secret } = await createKey(t, { name: 'Short-lived', scopes: ['send:text'], expiresAt: new Date(expiresAt).toISOString() });
    expect((await echo(secret)).statusCode).toBe(200);
    await sleep(expiresAt - Date.now() + 20);
    const res = await echo(secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/^The API key Short-lived expired on \d{4}-/);
  });

  it('answers 429 with Retry-After past the per-minute limit, counting only admitted calls', async () => {
    const { secret } = await createKey(t, { name: 'Limited', scopes: ['send:text'], rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await echo(secret)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await echo(secret);
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(120);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', retryAfter: wait });
      expect(res.json().error).toMatch(/^The API key Limited allows 3 requests per minute\. Please wait \d+ seconds? and try again\.$/);
    }
  });
});

describe('a route that takes a bearer token or a key', () => {
  it('runs the user guard for a bearer token and the key guard otherwise', async () => {
    const asUser = await k.call({ method: 'POST', url: EITHER_URL, headers: { authorization: `Bearer ${admin}` } });
    expect(asUser.json()).toEqual({ caller: null, user: 'admin' });
    const { key, secret } = await createKey(t, { name: 'Templates', scopes: ['send:template'] });
    const asKey = await k.call({ method: 'POST', url: EITHER_URL, key: secret });
    expect(asKey.json()).toEqual({ caller: { id: key.id, name: 'Templates', scopes: ['send:template'] }, user: null });

    const neither = await k.call({ method: 'POST', url: EITHER_URL });
    expect(neither.statusCode).toBe(401);
    expect(neither.json().error).toBe('Authentication required: a bearer token or an API key in the X-API-Key header');
    const { secret: textOnly } = await createKey(t, { name: 'Text only', scopes: ['send:text'] });
    expect((await k.call({ method: 'POST', url: EITHER_URL, key: textOnly })).statusCode).toBe(403);
    const badBearer = await k.call({ method: 'POST', url: EITHER_URL, headers: { authorization: 'Bearer nope' } });
    expect(badBearer.statusCode).toBe(401);
  });
});

describe('the usage log', () => {
  let key: ApiKey;
  let secret: string;
  const start = new Date();

  beforeAll(async () => {
    ({ key, secret } = await createKey(t, { name: 'Logged', scopes: ['send:text'], allowedIps: ['10.0.0.0/8'] }));
    expect((await echo(secret, { remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    expect((await echo(secret, { remoteAddress: '10.0.0.2', payload: { phone: '' } })).statusCode).toBe(400);
    expect((await echo(secret, { remoteAddress: '192.168.0.1' })).statusCode).toBe(403);
    await adminOn('second', 'DELETE', `/api/keys/${key.id}`);
    expect((await echo(secret, { remoteAddress: '10.0.0.3' })).statusCode).toBe(401);
  });

  it('logs a call whose caller hung up before the answer, as 499', async () => {
    const { key: hungUp, secret: hungUpSecret } = await createKey(t, { name: 'Hung up', scopes: ['send:text'] });
    const address = await k.app.listen({ port: 0, host: '127.0.0.1' });
    // Hangs up once the server is answering it, however busy the machine.
    const hangUp = new AbortController();
    const started = k.slowCallStarted();
    const call = fetch(`${address}${SLOW_URL}`, { method: 'POST', headers: { 'x-api-key': hungUpSecret }, signal: hangUp.signal });
    await started;
    hangUp.abort();
    await expect(call).rejects.toThrow();
    const { logs } = await logsOf(hungUp.id, 1);
    expect(logs[0]).toMatchObject({ status: 499, errorCode: 'CLIENT_CLOSED_REQUEST', path: SLOW_URL });
  });

  it('holds every call made with the key, refused ones too, newest first, with status, error code and message', async () => {
    const { logs } = await logsOf(key.id, 4);
    expect(logs.map((l) => [l.status, l.errorCode, l.ip, l.messageId])).toEqual([
      [401, 'UNAUTHORIZED', '10.0.0.3', null],
      [403, 'FORBIDDEN', '192.168.0.1', null],
      [400, 'VALIDATION_ERROR', '10.0.0.2', null],
      [200, null, '10.0.0.1', ECHO_MESSAGE_ID],
    ]);
    for (const log of logs) {
      expect(log).toMatchObject({ method: 'POST', path: ECHO_URL });
      expect(log.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(log.at)).toBeGreaterThanOrEqual(start.getTime() - 1_000);
    }
    const got: ApiKey = (await t.request({ method: 'GET', url: `/api/keys/${key.id}`, token: admin })).json();
    expect(got.callsToday).toBe(4);
    expect(Date.parse(got.lastUsedAt ?? '')).toBe(Date.parse(logs[0]!.at));
  });

  it('filters by status, path and time, and pages', async () => {
    await logsOf(key.id, 4);
    expect((await logsOf(key.id, 1, '?status=400')).logs[0]?.errorCode).toBe('VALIDATION_ERROR');
    expect((await logsOf(key.id, 3, '?status=errors')).logs.map((l) => l.status)).toEqual([401, 403, 400]);
    await logsOf(key.id, 4, '?path=key-echo');
    await logsOf(key.id, 0, '?path=send-media');
    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    await logsOf(key.id, 0, `?from=${later}`);
    await logsOf(key.id, 4, `?to=${later}`);
    await logsOf(key.id, 0, `?to=${encodeURIComponent(new Date(start.getTime() - 60_000).toISOString())}`);
    const page = await logsOf(key.id, 4, '?limit=3&page=2');
    expect(page.logs.map((l) => l.status)).toEqual([200]);
    expect(page.pagination).toMatchObject({ page: 2, limit: 3, totalPages: 2 });
    expect((await t.request({ method: 'GET', url: `/api/keys/${key.id}/logs?status=abc`, token: admin })).statusCode).toBe(400);
  });

  it("counts calls and errors per day in the app's timezone", async () => {
    await logsOf(key.id, 4);
    const res = await t.request({ method: 'GET', url: `/api/keys/${key.id}/usage?days=7`, token: admin });
    const usage: ApiKeyUsage = res.json();
    expect(usage.days).toHaveLength(7);
    expect(usage.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), calls: 4, errors: 3 });
    expect(usage.days.slice(0, 6).every((d) => d.calls === 0)).toBe(true);
    expect(usage).toMatchObject({ totalCalls: 4, errorRate: 75 });
    expect((await t.request({ method: 'GET', url: `/api/keys/${key.id}/usage?days=91`, token: admin })).statusCode).toBe(400);
  });

  it('logs nothing for calls made with a bearer token or a secret no key has', async () => {
    const logged = async () => Number((await t.ctx.database.pool.query('SELECT count(*) FROM api_key_usage')).rows[0].count);
    await sleep(500);
    const before = await logged();
    await k.call({ method: 'POST', url: EITHER_URL, headers: { authorization: `Bearer ${admin}` } });
    await echo(`wac_${'B'.repeat(43)}`);
    await sleep(500);
    expect(await logged()).toBe(before);
  });
});

describe('refused calls in the usage log', () => {
  it('logs 10,000 calls with a revoked key in a bounded number of rows that still count them all', async () => {
    const { key, secret } = await createKey(t, { name: 'Revoked and hammered', scopes: ['send:text'] });
    await adminOn('first', 'DELETE', `/api/keys/${key.id}`);
    // A server of its own, closed afterwards: closing writes the row of the window still open.
    const hammered = await startKeyServer(t);
    const calls = 10_000;
    const started = Date.now();
    for (let sent = 0; sent < calls; sent += 500) {
      const batch = await Promise.all(
        Array.from({ length: 500 }, () => hammered.call({ method: 'POST', url: ECHO_URL, key: secret, payload: { phone: '1' } })),
      );
      expect(batch.every((res) => res.statusCode === 401)).toBe(true);
    }
    const windows = 1 + Math.floor((Date.now() - started) / REFUSAL_WINDOW_MS);
    await hammered.close();

    const { rows } = await t.ctx.database.pool.query<{ rows: number; calls: number }>(
      'SELECT count(*)::int AS rows, sum(calls)::int AS calls FROM api_key_usage WHERE key_id = $1',
      [key.id],
    );
    expect(rows[0]?.calls).toBe(calls);
    expect(rows[0]?.rows).toBeLessThanOrEqual(windows * (REFUSALS_LOGGED_EACH + 1));
    const { logs } = await logsOf(key.id, rows[0]?.rows ?? 0);
    const folded = logs.filter((log) => log.calls > 1);
    expect(folded.length).toBeGreaterThanOrEqual(1);
    expect(folded[0]).toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED', path: ECHO_URL });
    const got: ApiKey = (await t.request({ method: 'GET', url: `/api/keys/${key.id}`, token: admin })).json();
    expect(got.callsToday).toBe(calls);
  }, 60_000);
});

describe('the per-address limit of the send endpoints', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_API_SENDS calls a minute from one address, before any key lookup', async () => {
    const limited = await createTestApp({
      domains: ['api-keys', 'activities', 'license', 'public-api', 'messaging'],
      env: { RATE_LIMIT_API_SENDS: '5' },
    });
    try {
      const send = (remoteAddress: string) =>
        limited.request({
          method: 'POST',
          url: '/api/send-text',
          remoteAddress,
          headers: { 'x-api-key': `wac_${'C'.repeat(43)}` },
          payload: { phone: '+447700900123', message: 'hi' },
        });
      for (let i = 0; i < 5; i++) expect((await send('203.0.113.9')).statusCode).toBe(401);
      const refused = await send('203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', error: expect.stringContaining('5 calls a minute') });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('203.0.113.10')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

// Last: these change the licence of both servers.
describe('the licence', () => {
  const applyOnKeyServer = async (licenseKey: string) =>
    expect((await adminOn('second', 'POST', '/api/license/update', { licenseKey })).statusCode).toBe(200);

  it('counts each admitted call against api_calls: QUOTA_WARNING from 80%, 402 QUOTA_EXCEEDED at 100%', async () => {
    const { key, secret } = await createKey(t, { name: 'Quota', scopes: ['send:text'] });
    // Today's count already holds this file's calls: the limit leaves the next call under 80%.
    const used = await t.ctx.license.usage('api_calls');
    const limit = Math.ceil((used + 2) * 1.25);
    await applyOnKeyServer(mintKey({ plan: 'professional', quotas: { api_calls: limit } }));
    const warned: boolean[] = [];
    for (let n = 1; used + n <= limit; n++) {
      const res = await echo(secret);
      expect(res.statusCode).toBe(200);
      const warning = res.headers['x-quota-warning'];
      warned.push(warning !== undefined);
      if ((used + n) * 100 < limit * 80) expect(warning, `call ${n}`).toBeUndefined();
      else expect(JSON.parse(String(warning))).toMatchObject({ code: 'QUOTA_WARNING', quotaType: 'api_calls', quota: { used: used + n } });
    }
    expect(warned[0]).toBe(false);
    expect(warned.at(-1)).toBe(true);
    const refused = await echo(secret);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      quotaType: 'api_calls',
      title: 'API Calls Quota Exceeded',
      quota: { used: limit, limit },
    });
    expect(await t.ctx.license.usage('api_calls')).toBe(limit);
    expect((await logsOf(key.id, limit - used + 1)).logs[0]).toMatchObject({ status: 402, errorCode: 'QUOTA_EXCEEDED' });
  });

  it('lets exactly as many simultaneous calls through as the quota has left', async () => {
    const { secret } = await createKey(t, { name: 'Crowd', scopes: ['send:text'] });
    const used = await t.ctx.license.usage('api_calls');
    await applyOnKeyServer(mintKey({ plan: 'professional', quotas: { api_calls: used + 3 } }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => echo(secret)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    for (const refused of answers.filter((a) => a.statusCode === 402)) {
      expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', quota: { used: used + 3, requested: 1 } });
    }
    expect(await t.ctx.license.usage('api_calls')).toBe(used + 3);
  });

  it('refuses every key with FEATURE_NOT_AVAILABLE on a plan without API access', async () => {
    const { key, secret } = await createKey(t, { name: 'Basic plan', scopes: ['send:text'] });
    await applyOnKeyServer(mintKey({ plan: 'basic' }));
    const res = await echo(secret);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'apiAccess', requiredPlan: 'professional' });
    // The log's routes are behind apiAccess too now: read the table.
    const logged = async () =>
      (await t.ctx.database.pool.query('SELECT status, error_code FROM api_key_usage WHERE key_id = $1', [key.id])).rows;
    await expect.poll(logged, { timeout: 5_000, interval: 100 }).toEqual([{ status: 403, error_code: 'FEATURE_NOT_AVAILABLE' }]);
  });
});
