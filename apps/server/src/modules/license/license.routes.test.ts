import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyKey, lastActivity, licenseStatus, startAnotherServer } from './test/license-test-kit.ts';
import { mintKey, signRaw, TEST_SECRET } from './test/mint-key.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ domains: ['license'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const details = async () => (await t.request({ method: 'GET', url: '/api/license/details', token: admin })).json().license;
/** A well-signed basic key carrying `quotas` as given, for quotas the schema must refuse. */
const keyWithQuotas = (quotas: Record<string, unknown>) =>
  signRaw({ licenseId: 'x', customer: 'y', plan: 'basic', issuedAt: '2026-01-01T00:00:00Z', expiresAt: '2099-01-01T00:00:00Z', quotas });

describe('who may use the licence endpoints', () => {
  it('needs a signed-in admin for every one of them', async () => {
    const agent = await t.createUser({ username: 'licence_agent' });
    const calls = [
      ['GET', '/api/license/details'],
      ['GET', '/api/license/status'],
      ['GET', '/api/license/storage'],
      ['POST', '/api/license/update'],
      ['DELETE', '/api/license/revoke'],
      ['POST', '/api/license/reload-env'],
      ['DELETE', '/api/license/storage/cache'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
      const asAgent = await t.request({ method, url, token: agent.token, payload: method === 'POST' ? {} : undefined });
      expect(asAgent.statusCode).toBe(403);
      expect(asAgent.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    }
  });
});

describe('with no key', () => {
  it('runs on the dev plan with every feature and answers the DESIGN.md status shape', async () => {
    const status = await licenseStatus(t);
    expect(status).toMatchObject({ plan: 'dev', planName: 'Development', status: 'active', blockingLevel: 0, expiresAt: null });
    expect(Object.values(status.features).every(Boolean)).toBe(true);
    expect(Object.keys(status.quotas).sort()).toEqual(['api_calls', 'campaigns', 'messages', 'storage', 'users']);
    expect(status.quotas.users).toMatchObject({ used: 2, limit: 100, available: 98, percentage: 2, isWarning: false, isExceeded: false });
    expect(status.quotas.messages.resetsAt).toEqual(expect.any(String));
    expect(status.quotas.users.resetsAt).toBeNull();
    expect(await details()).toMatchObject({
      plan: 'dev',
      source: 'none',
      keyPreview: null,
      environment: { hasKey: false, hasSecret: true },
    });
  });
});

describe('POST /api/license/update', () => {
  it('applies a key at once: plan, features and quotas change, and an activity is written', async () => {
    const key = mintKey({ plan: 'professional', quotas: { users: 10 }, features: { multiTenant: true }, customer: 'Acme Ltd' });
    const res = await applyKey(t, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().license).toMatchObject({
      plan: 'professional',
      status: 'active',
      source: 'console',
      customer: 'Acme Ltd',
      secretSource: 'env',
    });
    expect(res.body).not.toContain(key);
    const status = await licenseStatus(t);
    expect(status.plan).toBe('professional');
    expect(status.features).toMatchObject({ botFlows: true, multiTenant: true, customIntegrations: false });
    expect(status.quotas.users.limit).toBe(10);
    expect(status.quotas.messages.limit).toBe(50_000);
    expect(await lastActivity(t, 'license_updated')).toMatchObject({
      source_type: 'user',
      data: { username: 'admin', status: 'professional', details: expect.stringContaining('Professional plan') },
    });
  });

  it('keeps a secret given with the key encrypted and never answers with it', async () => {
    const secret = 'vendor-secret-for-acme';
    const res = await applyKey(t, mintKey({ plan: 'enterprise', secret }), secret);
    expect(res.statusCode).toBe(200);
    expect(res.json().license).toMatchObject({ plan: 'enterprise', secretSource: 'console' });
    expect(res.body).not.toContain(secret);
    const { rows } = await t.ctx.database.pool.query('SELECT secret_ciphertext FROM license_state');
    expect(rows[0].secret_ciphertext).toMatch(/^v1\./);
    expect(rows[0].secret_ciphertext).not.toContain(secret);
  });

  const bad: [string, () => string, string?][] = [
    ['garbage', () => 'definitely-not-a-key', undefined],
    ['a truncated key', () => mintKey({ plan: 'basic' }).slice(0, -7), undefined],
    ['a key re-signed with another secret', () => mintKey({ plan: 'basic', secret: 'not-ours' }), undefined],
    ['a good key with the wrong secret', () => mintKey({ plan: 'basic' }), 'wrong-secret'],
    ['a negative quota', () => keyWithQuotas({ users: -1 }), undefined],
    ['a missing quota number', () => keyWithQuotas({ users: null }), undefined],
  ];
  it.each(bad)('refuses %s with LICENSE_INVALID and keeps the licence in force', async (_label, key, secret) => {
    const before = await details();
    const res = await applyKey(t, key(), secret);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      code: 'LICENSE_INVALID',
      title: 'Invalid Licence',
      severity: 'error',
      currentPlan: before.plan,
      error: expect.any(String),
      help: expect.any(String),
      timestamp: expect.any(String),
      _license: { plan: before.plan, blockingLevel: expect.any(Number), features: expect.any(Object) },
      _quotas: { users: { used: expect.any(Number), limit: expect.any(Number), isExceeded: false, isWarning: false } },
    });
    expect(body.actionUrl).toBeUndefined();
    expect(await details()).toEqual(before);
  });

  it('names what is wrong with the payload', async () => {
    const res = await applyKey(t, keyWithQuotas({ users: -1 }));
    expect(res.json().error).toBe('The licence key payload is invalid (quotas.users: quota users must not be negative)');
  });

  it('refuses an expired key with LICENSE_EXPIRED and a suspended one with LICENSE_SUSPENDED', async () => {
    const before = await details();
    const expired = await applyKey(t, mintKey({ days: -1 }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'LICENSE_EXPIRED',
      title: 'Licence Expired',
      error: expect.stringMatching(/^The licence expired on \d{4}-\d\d-\d\d$/),
    });
    const suspended = await applyKey(t, mintKey({ suspended: true }));
    expect(suspended.json()).toMatchObject({ code: 'LICENSE_SUSPENDED', title: 'Licence Suspended' });
    expect(await details()).toEqual(before);
  });

  it('asks for a secret when none is given and LICENSE_HMAC_SECRET is unset', async () => {
    const other = await createTestApp({ domains: ['license'] });
    try {
      const res = await applyKey(other, mintKey());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SETUP_REQUIRED',
        title: 'Licence Setup Required',
        help: expect.stringContaining('LICENSE_HMAC_SECRET'),
      });
      expect((await applyKey(other, mintKey({ plan: 'basic' }), TEST_SECRET)).json().license.plan).toBe('basic');
    } finally {
      await other.close();
    }
  });

  it('refuses a body without a key with a 400 naming the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/license/update', token: admin, payload: { hmacSecret: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'licenseKey' }] });
  });
});

describe('restarts and other server processes', () => {
  it('keep the licence applied in the console, its own secret included', async () => {
    const secret = 'restart-secret';
    expect((await applyKey(t, mintKey({ plan: 'basic', secret, customer: 'Restart Co' }), secret)).statusCode).toBe(200);
    const restarted = await startAnotherServer(t, { hmacSecret: undefined });
    try {
      const res = await restarted.app.inject({ method: 'GET', url: '/api/license/details', headers: { authorization: `Bearer ${admin}` } });
      expect(res.json().license).toMatchObject({ plan: 'basic', customer: 'Restart Co', status: 'active', source: 'console' });
    } finally {
      await restarted.close();
    }
  });

  it('see a change made by another process within seconds', async () => {
    const other = await startAnotherServer(t);
    try {
      await other.app.inject({ method: 'GET', url: '/api/license/details', headers: { authorization: `Bearer ${admin}` } });
      expect((await applyKey(t, mintKey({ plan: 'enterprise', customer: 'Shared' }))).statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (await other.app.inject({ method: 'GET', url: '/api/license/details', headers: { authorization: `Bearer ${admin}` } })).json()
              .license.plan,
          {
            timeout: 8_000,
            interval: 500,
          },
        )
        .toBe('enterprise');
    } finally {
      await other.close();
    }
  });
});

describe('DELETE /api/license/revoke and POST /api/license/reload-env', () => {
  it('revoke goes back to dev, for good, and writes an activity', async () => {
    await applyKey(t, mintKey({ plan: 'basic' }));
    const res = await t.request({ method: 'DELETE', url: '/api/license/revoke', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().license).toMatchObject({ plan: 'dev', source: 'none' });
    expect(await lastActivity(t, 'license_revoked')).toMatchObject({ data: { username: 'admin', status: 'dev' } });
    const restarted = await startAnotherServer(t, { key: mintKey({ plan: 'enterprise' }) });
    try {
      const after = await restarted.app.inject({
        method: 'GET',
        url: '/api/license/details',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(after.json().license.plan).toBe('dev');
    } finally {
      await restarted.close();
    }
  });

  it('reload-env returns to the key the process was started with', async () => {
    const envKey = mintKey({ plan: 'professional', customer: 'From env' });
    const withEnv = await createTestApp({ domains: ['license'], env: { LICENSE_KEY: envKey, LICENSE_HMAC_SECRET: TEST_SECRET } });
    try {
      expect((await licenseStatus(withEnv)).plan).toBe('professional');
      await applyKey(withEnv, mintKey({ plan: 'basic' }));
      expect((await licenseStatus(withEnv)).plan).toBe('basic');
      const res = await withEnv.request({ method: 'POST', url: '/api/license/reload-env', token: await withEnv.adminToken() });
      expect(res.statusCode).toBe(200);
      expect(res.json().license).toMatchObject({
        plan: 'professional',
        source: 'env',
        customer: 'From env',
        environment: { hasKey: true, hasSecret: true },
      });
      expect(await lastActivity(withEnv, 'license_reloaded')).toMatchObject({
        data: { status: 'professional', details: expect.stringContaining('From the environment') },
      });
    } finally {
      await withEnv.close();
    }
  });

  it('reload-env refuses an environment key that does not verify and keeps the licence in force', async () => {
    const withBadEnv = await createTestApp({ domains: ['license'], env: { LICENSE_KEY: 'garbage', LICENSE_HMAC_SECRET: TEST_SECRET } });
    try {
      const token = await withBadEnv.adminToken();
      await applyKey(withBadEnv, mintKey({ plan: 'basic' }));
      const res = await withBadEnv.request({ method: 'POST', url: '/api/license/reload-env', token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LICENSE_INVALID');
      expect((await licenseStatus(withBadEnv)).plan).toBe('basic');
    } finally {
      await withBadEnv.close();
    }
  });
});

describe('storage', () => {
  it('reports bytes by directory under DATA_DIR, cached until refresh=true or the cache is cleared', async () => {
    await mkdir(path.join(t.dataDir, 'media_storage', '2026'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'media_storage', '2026', 'a.bin'), Buffer.alloc(3000));
    await mkdir(path.join(t.dataDir, 'postgres'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'postgres', 'base.dat'), Buffer.alloc(5000));
    const first = (await t.request({ method: 'GET', url: '/api/license/storage?refresh=true', token: admin })).json();
    expect(first.fromCache).toBe(false);
    expect(first.directories).toEqual(
      expect.arrayContaining([
        { name: 'media_storage', bytes: 3000, files: 1, countsTowardQuota: true },
        { name: 'postgres', bytes: 5000, files: 1, countsTowardQuota: false },
      ]),
    );
    expect(first.countedBytes).toBe(first.totalBytes - 5000);
    expect(first.quota.limit).toBe(first.limitMb);

    await writeFile(path.join(t.dataDir, 'media_storage', 'b.bin'), Buffer.alloc(1000));
    const cached = (await t.request({ method: 'GET', url: '/api/license/storage', token: admin })).json();
    expect(cached.fromCache).toBe(true);
    expect(cached.directories.find((d: { name: string }) => d.name === 'media_storage').bytes).toBe(3000);

    const cleared = await t.request({ method: 'DELETE', url: '/api/license/storage/cache', token: admin });
    expect(cleared.json()).toEqual({ success: true });
    expect(await lastActivity(t, 'license_storage_cache_cleared')).toMatchObject({ data: { username: 'admin' } });
    const fresh = (await t.request({ method: 'GET', url: '/api/license/storage', token: admin })).json();
    expect(fresh.fromCache).toBe(false);
    expect(fresh.directories.find((d: { name: string }) => d.name === 'media_storage')).toMatchObject({ bytes: 4000, files: 2 });
  });

  it('refuses a bad refresh value with a 400 naming it', async () => {
    const res = await t.request({ method: 'GET', url: '/api/license/storage?refresh=yes', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('refresh');
  });
});
