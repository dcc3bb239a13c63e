import { createHash } from 'node:crypto';
import { API_KEY_DEFAULT_RATE_LIMIT, type ApiKey } from '@wac/contract/api-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey, lastActivity } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { deleteOldCalls } from './api-keys.jobs.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { createKey } from './test/api-key-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ domains: ['api-keys', 'activities', 'public-api', 'messaging'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.request({ method, url, token, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

const count = async (sql: string) => Number((await t.ctx.database.pool.query(`SELECT count(*) FROM (${sql}) q`)).rows[0].count);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('creating a key', () => {
  it('answers the secret once; nothing answered later holds it, and only its SHA-256 is stored', async () => {
    const res = await api('POST', '/api/keys', { name: ' Shop backend ', scopes: ['send:text', 'send:template', 'send:text'] });
    expect(res.statusCode).toBe(201);
    const { key, secret } = res.json() as { key: ApiKey; secret: string };
    expect(secret).toMatch(/^wac_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Shop backend',
      prefix: secret.slice(0, 12),
      scopes: ['send:text', 'send:template'],
      status: 'active',
      expiresAt: null,
      allowedIps: [],
      rateLimitPerMinute: API_KEY_DEFAULT_RATE_LIMIT,
      createdBy: 'admin',
      lastUsedAt: null,
      revokedAt: null,
      callsToday: 0,
    });
    expect(await lastActivity(t, 'api_key_created')).toMatchObject({
      source_type: 'user',
      data: { username: 'admin', name: 'Shop backend' },
    });

    const hidden = secret.slice(12);
    const later = [
      await api('GET', '/api/keys'),
      await api('GET', `/api/keys/${key.id}`),
      await api('PUT', `/api/keys/${key.id}`, { name: 'Shop' }),
      await api('GET', `/api/keys/${key.id}/logs`),
      await api('GET', `/api/keys/${key.id}/usage`),
      await api('DELETE', `/api/keys/${key.id}`),
      await api('GET', '/api/activities?limit=50'),
    ];
    for (const answer of later) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(hidden);
    }
    expect((later[0]!.json() as { keys: ApiKey[] }).keys.map((k) => k.prefix)).toContain(key.prefix);

    const { rows } = await t.ctx.database.pool.query('SELECT * FROM api_keys WHERE id = $1', [key.id]);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(hidden);
  });

  it('gives every key its own secret and lists the newest first', async () => {
    const a = await createKey(t, { name: 'First', scopes: ['send:text'] });
    const b = await createKey(t, { name: 'Second', scopes: ['send:text'] });
    expect(a.secret).not.toBe(b.secret);
    const { keys } = (await api('GET', '/api/keys')).json() as { keys: ApiKey[] };
    expect(keys.slice(0, 2).map((k) => k.name)).toEqual(['Second', 'First']);
  });

  it('gives a new key the default per-minute limit unless it names one, or none with null', async () => {
    const named = await createKey(t, { name: 'Named limit', scopes: ['send:text'], rateLimitPerMinute: 30 });
    expect(named.key.rateLimitPerMinute).toBe(30);
    const none = await createKey(t, { name: 'No limit', scopes: ['send:text'], rateLimitPerMinute: null });
    expect(none.key.rateLimitPerMinute).toBeNull();
    const defaulted = await createKey(t, { name: 'Default limit', scopes: ['send:text'] });
    expect(defaulted.key.rateLimitPerMinute).toBe(API_KEY_DEFAULT_RATE_LIMIT);
    expect((await api('GET', `/api/keys/${defaulted.key.id}`)).json().rateLimitPerMinute).toBe(API_KEY_DEFAULT_RATE_LIMIT);
  });

  it('keeps the expiry, IP ranges and rate limit it is given, and shows a passed expiry as expired', async () => {
    const expiresAt = new Date(Date.now() + 1_000).toISOString();
    const { key } = await createKey(t, {
      name: 'Limited',
      scopes: ['send:media', 'send:buttons'],
      expiresAt,
      allowedIps: ['203.0.113.0/24', '2001:db8::1'],
      rateLimitPerMinute: 60,
    });
    expect(key).toMatchObject({ expiresAt, allowedIps: ['203.0.113.0/24', '2001:db8::1'], rateLimitPerMinute: 60, status: 'active' });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 20));
    expect((await api('GET', `/api/keys/${key.id}`)).json()).toMatchObject({ status: 'expired' });
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const keys = await count('SELECT 1 FROM api_keys');
    const activities = await count('SELECT 1 FROM activities');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(10_000), scopes: ['send:text'] }, 'name must be at most 100 characters'],
      [{ name: '   ', scopes: ['send:text'] }, 'name is required'],
      [{ scopes: ['send:text'] }, 'name is required'],
      [{ name: 'Bad scope', scopes: ['send:everything'] }, 'scopes must be among send:text, send:template, send:media, send:buttons'],
      [{ name: 'No scope', scopes: [] }, 'scopes must name at least one scope'],
      [
        { name: 'Bad range', scopes: ['send:text'], allowedIps: ['10.0.0.0/33'] },
        'allowedIps: 10.0.0.0/33 is not an IP address or CIDR range',
      ],
      [{ name: 'Bad range', scopes: ['send:text'], allowedIps: ['300.1.2.3'] }, 'allowedIps: 300.1.2.3 is not an IP address or CIDR range'],
      [{ name: 'Bad range', scopes: ['send:text'], allowedIps: [':::::'] }, 'allowedIps: ::::: is not an IP address or CIDR range'],
      [
        { name: 'Bad range', scopes: ['send:text'], allowedIps: ['example.com'] },
        'allowedIps: example.com is not an IP address or CIDR range',
      ],
      [{ name: 'Past', scopes: ['send:text'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt must be in the future'],
      [{ name: 'Not a date', scopes: ['send:text'], expiresAt: 'tomorrow' }, 'expiresAt must be an ISO date-time'],
      [{ name: 'Zero', scopes: ['send:text'], rateLimitPerMinute: 0 }, 'rateLimitPerMinute must be at least 1'],
      [{ name: 'Extra', scopes: ['send:text'], secret: 'wac_mine' }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const res = await api('POST', '/api/keys', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json().error).toContain(message);
    }
    expect(await count('SELECT 1 FROM api_keys')).toBe(keys);
    expect(await count('SELECT 1 FROM activities')).toBe(activities);
  });
});

describe('changing and revoking a key', () => {
  it('updates name, scopes, expiry, IP ranges and rate limit, recording what changed', async () => {
    const { key } = await createKey(t, { name: 'CRM', scopes: ['send:text'] });
    const expiresAt = inAnHour();
    const res = await api('PUT', `/api/keys/${key.id}`, {
      name: 'CRM sync',
      scopes: ['send:text', 'send:template'],
      expiresAt,
      allowedIps: ['10.0.0.0/8'],
      rateLimitPerMinute: 30,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: key.id,
      name: 'CRM sync',
      prefix: key.prefix,
      scopes: ['send:text', 'send:template'],
      expiresAt,
      allowedIps: ['10.0.0.0/8'],
      rateLimitPerMinute: 30,
      status: 'active',
    });
    expect(await lastActivity(t, 'api_key_updated')).toMatchObject({
      data: { name: 'CRM sync', details: 'renamed from CRM, scopes, expiry, IP ranges, rate limit' },
    });

    const cleared = await api('PUT', `/api/keys/${key.id}`, { expiresAt: null, rateLimitPerMinute: null, allowedIps: [] });
    expect(cleared.json()).toMatchObject({ name: 'CRM sync', expiresAt: null, rateLimitPerMinute: null, allowedIps: [] });

    const updates = await count("SELECT 1 FROM activities WHERE type = 'api_key_updated'");
    expect((await api('PUT', `/api/keys/${key.id}`, { name: 'CRM sync' })).statusCode).toBe(200);
    expect(await count("SELECT 1 FROM activities WHERE type = 'api_key_updated'")).toBe(updates);
    expect((await api('PUT', `/api/keys/${key.id}`, { scopes: ['nope'] })).statusCode).toBe(400);
    expect((await api('PUT', `/api/keys/${key.id}`, { name: 'y'.repeat(101) })).statusCode).toBe(400);
  });

  it('revokes at once, keeps the key listed, and treats a second revoke as done', async () => {
    const { key } = await createKey(t, { name: 'Old integration', scopes: ['send:text'] });
    const res = await api('DELETE', `/api/keys/${key.id}`);
    expect(res.statusCode).toBe(200);
    const revoked = res.json() as ApiKey;
    expect(revoked).toMatchObject({ id: key.id, status: 'revoked', revokedAt: expect.any(String) });
    expect(await lastActivity(t, 'api_key_revoked')).toMatchObject({ data: { username: 'admin', name: 'Old integration' } });

    const revocations = await count("SELECT 1 FROM activities WHERE type = 'api_key_revoked'");
    const again = await api('DELETE', `/api/keys/${key.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().revokedAt).toBe(revoked.revokedAt);
    expect(await count("SELECT 1 FROM activities WHERE type = 'api_key_revoked'")).toBe(revocations);

    const edit = await api('PUT', `/api/keys/${key.id}`, { name: 'Back again' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('The API key Old integration is revoked; create a new key instead');
    const { keys } = (await api('GET', '/api/keys')).json() as { keys: ApiKey[] };
    expect(keys.find((k) => k.id === key.id)?.status).toBe('revoked');
  });

  it('answers 404 for a key that does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/keys/999999'],
      ['PUT', '/api/keys/999999', { name: 'Nobody' }],
      ['DELETE', '/api/keys/999999'],
      ['GET', '/api/keys/999999/logs'],
      ['GET', '/api/keys/999999/usage'],
    ] as const) {
      const res = await api(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'There is no API key with id 999999' });
    }
    expect((await api('GET', '/api/keys/abc')).statusCode).toBe(400);
  });
});

describe('who may manage keys', () => {
  it('is an admin with a bearer token: agents get 403, no token or an API key 401', async () => {
    const agent = await addUser(t, { username: 'keys-agent' });
    expect((await api('GET', '/api/keys', undefined, agent.token)).statusCode).toBe(403);
    expect((await api('POST', '/api/keys', { name: 'Mine', scopes: ['send:text'] }, agent.token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/keys' })).statusCode).toBe(401);
    const { secret } = await createKey(t, { name: 'Not a manager', scopes: ['send:text'] });
    expect((await t.request({ method: 'GET', url: '/api/keys', headers: { 'x-api-key': secret } })).statusCode).toBe(401);
  });
});

describe('the usage log retention', () => {
  it('deletes calls older than the retention period and keeps the rest', async () => {
    const { key } = await createKey(t, { name: 'Retention', scopes: ['send:text'] });
    const insert = (daysAgo: number) =>
      t.ctx.database.pool.query(
        `INSERT INTO api_key_usage (key_id, at, method, path, status, latency_ms) VALUES ($1, now() - make_interval(days => $2), 'POST', '/api/send-text', 201, 3)`,
        [key.id, daysAgo],
      );
    for (const daysAgo of [0, 10, 89, 91, 400]) await insert(daysAgo);
    expect(t.ctx.config.apiLogRetentionDays).toBe(90);
    expect(await deleteOldCalls(createApiKeysRepository(t.ctx.database.db), t.ctx.config.apiLogRetentionDays)).toBe(2);
    expect(await count(`SELECT 1 FROM api_key_usage WHERE key_id = ${key.id}`)).toBe(3);
  });
});

// Last: it changes the licence.
describe('the licence', () => {
  it('gates key management behind apiAccess', async () => {
    await applyKey(t, mintKey({ plan: 'basic' }));
    const res = await api('GET', '/api/keys');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'apiAccess' });
    expect((await api('POST', '/api/keys', { name: 'Refused', scopes: ['send:text'] })).statusCode).toBe(403);
  });
});
