import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { AppError } from '../../http/app-error.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { registerLicenseGuard } from './license-guard.ts';
import { applyKey, licenseStatus, registerUser } from './test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from './test/mint-key.ts';

const env = { LICENSE_HMAC_SECRET: TEST_SECRET };

async function countRows(t: TestApp, sql: string): Promise<number> {
  const { rows } = await t.ctx.database.pool.query(`SELECT count(*)::int AS n FROM (${sql}) q`);
  return rows[0].n;
}

describe('the users quota on POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t.close());

  const register = (username: string) => registerUser(t, username);

  it('warns from 80% and then refuses with QUOTA_EXCEEDED, creating nothing', async () => {
    expect((await applyKey(t, mintKey({ plan: 'basic', quotas: { users: 5 } }))).statusCode).toBe(200);
    const first = await register('quota_u1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['x-quota-warning']).toBeUndefined();
    expect((await register('quota_u2')).statusCode).toBe(201);
    const atEighty = await register('quota_u3');
    expect(atEighty.statusCode).toBe(201);
    expect(JSON.parse(atEighty.headers['x-quota-warning'] as string)).toMatchObject({
      code: 'QUOTA_WARNING',
      severity: 'warning',
      quotaType: 'users',
      title: 'Users Quota Warning',
      quota: { used: 4, limit: 5, available: 1, percentage: 80, isWarning: true, isExceeded: false },
    });
    expect((await register('quota_u4')).statusCode).toBe(201);

    const users = await countRows(t, 'SELECT 1 FROM users');
    const activities = await countRows(t, 'SELECT 1 FROM activities');
    const refused = await register('quota_u5');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      error: 'Users quota exceeded: 5 of 5 users used',
      title: 'Users Quota Exceeded',
      severity: 'error',
      quotaType: 'users',
      quota: { used: 5, limit: 5, available: 0, requested: 1, isExceeded: true },
      plan: 'basic',
      currentPlan: 'basic',
      requiredPlan: 'professional',
      upgradeUrl: '/settings#licence',
      help: 'Remove some users, or upgrade to the Professional plan for a limit of 25.',
      _quotas: { users: { used: 5, limit: 5, isExceeded: true, isWarning: false } },
      _license: { plan: 'basic', blockingLevel: 2, features: { templates: true, botFlows: false } },
    });
    expect(await countRows(t, 'SELECT 1 FROM users')).toBe(users);
    expect(await countRows(t, 'SELECT 1 FROM activities')).toBe(activities);
    expect((await licenseStatus(t)).blockingLevel).toBe(2);
  });

  it('lets exactly one of two simultaneous registrations take the last place', async () => {
    await t.request({ method: 'DELETE', url: '/api/license/revoke', token: await t.adminToken() });
    const used = await countRows(t, 'SELECT 1 FROM users');
    await applyKey(t, mintKey({ plan: 'basic', quotas: { users: used + 1 } }));
    const results = await Promise.all([register('race_a'), register('race_b')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 402]);
    expect(await countRows(t, 'SELECT 1 FROM users')).toBe(used + 1);
  });
});

describe('a licence that is expired, suspended or invalid', () => {
  const cases = [
    ['expired', () => mintKey({ plan: 'professional', days: -2 }), 'LICENSE_EXPIRED', 'Licence Expired'],
    ['suspended', () => mintKey({ plan: 'professional', suspended: true }), 'LICENSE_SUSPENDED', 'Licence Suspended'],
    ['invalid', () => mintKey({ plan: 'enterprise', secret: 'forged' }), 'LICENSE_INVALID', 'Invalid Licence'],
  ] as const;

  it.each(cases)(
    '(%s) blocks writes with its code while sign-in, reading and the licence screen keep working',
    async (status, key, code, title) => {
      const t = await createTestApp({ env: { ...env, LICENSE_KEY: key() } });
      try {
        const admin = await t.adminToken();
        const state = await licenseStatus(t);
        expect(state).toMatchObject({ status, blockingLevel: 3, message: expect.any(String) });

        const blocked = await registerUser(t, 'blocked_user');
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json()).toMatchObject({
          code,
          title,
          severity: 'error',
          error: state.message,
          actionUrl: '/settings#licence',
          help: expect.stringContaining('reading data and signing in still work'),
          _license: { blockingLevel: 3 },
        });
        expect(await countRows(t, "SELECT 1 FROM users WHERE username = 'blocked_user'")).toBe(0);
        const settings = await t.request({
          method: 'PUT',
          url: '/api/app/settings',
          token: admin,
          payload: { settings: { 'app.name': 'X' } },
        });
        expect(settings.json().code).toBe(code);

        expect((await t.request({ method: 'GET', url: '/api/users', token: admin })).statusCode).toBe(200);
        expect((await t.request({ method: 'GET', url: '/api/activities', token: admin })).statusCode).toBe(200);
        const again = await t.login('admin', 'admin-password');
        expect((await t.request({ method: 'POST', url: '/api/logout', token: again })).statusCode).toBeLessThan(300);
        expect(
          (await t.request({ method: 'POST', url: '/api/activities/mark-read', token: admin, payload: { markAllAsRead: true } }))
            .statusCode,
        ).toBe(200);
        // Who asks first: a signed-out caller hears about signing in, not about the licence.
        expect((await t.request({ method: 'POST', url: '/api/register', payload: {} })).statusCode).toBe(401);

        expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
        const fixed = await registerUser(t, 'after_fix');
        expect(fixed.statusCode).toBe(201);
      } finally {
        await t.close();
      }
    },
  );

  it('stops quota consumption outside HTTP too, such as a background send', async () => {
    const t = await createTestApp({ env: { ...env, LICENSE_KEY: mintKey({ days: -1 }) } });
    try {
      const error = await t.ctx.database.db.transaction((tx) => t.ctx.license.consumeMessages(tx, 1)).catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('LICENSE_EXPIRED');
    } finally {
      await t.close();
    }
  });
});

describe('feature gates declared by a route', () => {
  let t: TestApp;
  const gated = Fastify();
  beforeAll(async () => {
    t = await createTestApp({ env });
    registerErrorHandler(gated);
    registerLicenseGuard(gated, t.ctx.license);
    gated.get('/api/flows-probe', { config: { license: { feature: 'botFlows' } } }, async () => ({ ok: true }));
    gated.post('/api/templates-probe', { config: { license: { feature: 'templates' } } }, async () => ({ ok: true }));
    gated.get('/api/open-probe', async () => ({ ok: true }));
    await gated.ready();
  });
  afterAll(async () => {
    await gated.close();
    await t.close();
  });

  it('answers FEATURE_NOT_AVAILABLE for a feature the plan lacks, naming the plan that has it', async () => {
    await applyKey(t, mintKey({ plan: 'basic' }));
    const res = await gated.inject({ method: 'GET', url: '/api/flows-probe' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      title: 'Feature Not Available',
      error: 'Bot flows is not available on the Basic plan',
      feature: 'botFlows',
      currentPlan: 'basic',
      requiredPlan: 'professional',
      upgradeUrl: '/settings#licence',
      _license: { plan: 'basic', features: { botFlows: false } },
    });
    expect((await gated.inject({ method: 'POST', url: '/api/templates-probe' })).statusCode).toBe(200);
    expect((await gated.inject({ method: 'GET', url: '/api/open-probe' })).statusCode).toBe(200);
  });

  it('follows the key overrides both ways', async () => {
    await applyKey(t, mintKey({ plan: 'basic', features: { botFlows: true, templates: false } }));
    expect((await gated.inject({ method: 'GET', url: '/api/flows-probe' })).statusCode).toBe(200);
    const res = await gated.inject({ method: 'POST', url: '/api/templates-probe' });
    expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'templates', requiredPlan: 'basic' });
  });
});

describe('daily quotas: messages and API calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
    await applyKey(t, mintKey({ plan: 'basic', quotas: { messages: 3, api_calls: 2 } }));
  });
  afterAll(() => t.close());

  const setTimezone = (zone: string) => setAppTimezone(t, zone);
  const consume = (n: number) => t.ctx.database.db.transaction((tx) => t.ctx.license.consumeMessages(tx, n));

  it('counts messages sent today and refuses past the limit, counting nothing', async () => {
    await setTimezone('Pacific/Pago_Pago');
    expect(await consume(2)).toMatchObject({ used: 2, limit: 3, available: 1 });
    const error = await consume(2).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(402);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.extra).toMatchObject({
      quotaType: 'messages',
      quota: { used: 2, limit: 3, available: 1, requested: 2 },
      retryAfter: expect.any(Number),
      help: expect.stringContaining('The count starts again at midnight'),
    });
    expect(error.extra.retryAfter).toBeGreaterThan(0);
    expect(error.extra.retryAfter).toBeLessThanOrEqual(86_400);
    expect(await t.ctx.license.usage('messages')).toBe(2);
  });

  it('takes nothing when the sending transaction rolls back', async () => {
    await t.ctx.database.db
      .transaction(async (tx) => {
        await t.ctx.license.consumeMessages(tx, 1);
        throw new Error('the send failed');
      })
      .catch(() => {});
    expect(await t.ctx.license.usage('messages')).toBe(2);
  });

  it("starts again at midnight in the app's timezone", async () => {
    // 25 hours apart: whatever the hour, the two zones are on different dates.
    await setTimezone('Pacific/Kiritimati');
    expect(await t.ctx.license.usage('messages')).toBe(0);
    expect(await consume(3)).toMatchObject({ used: 3, isExceeded: true });
    await setTimezone('Pacific/Pago_Pago');
    expect(await t.ctx.license.usage('messages')).toBe(2);
    const status = await licenseStatus(t);
    expect(Date.parse(status.quotas.messages.resetsAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(status.quotas.messages.resetsAt) - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('counts API calls the same way', async () => {
    const calls = (n: number) => t.ctx.database.db.transaction((tx) => t.ctx.license.consumeApiCalls(tx, n));
    expect(await calls(2)).toMatchObject({ used: 2, limit: 2 });
    expect((await calls(1).catch((e) => e)).extra).toMatchObject({ quotaType: 'api_calls', title: 'API Calls Quota Exceeded' });
  });

  it('refuses a single request larger than the whole limit', async () => {
    await setTimezone('UTC');
    const error = await consume(4).catch((e) => e);
    expect(error.extra?.quota).toMatchObject({ requested: 4, limit: 3 });
  });
});

describe('the storage quota', () => {
  it('refuses a file that would pass the storage limit', async () => {
    const t = await createTestApp({ env });
    try {
      await applyKey(t, mintKey({ plan: 'basic', quotas: { storage: 1 } }));
      await mkdir(path.join(t.dataDir, 'media_storage'), { recursive: true });
      await writeFile(path.join(t.dataDir, 'media_storage', 'photo.jpg'), Buffer.alloc(600 * 1024));
      await t.request({ method: 'DELETE', url: '/api/license/storage/cache', token: await t.adminToken() });
      expect(await t.ctx.license.assertStorageAvailable(300 * 1024)).toMatchObject({ limit: 1, isExceeded: false });
      const error = await t.ctx.license.assertStorageAvailable(600 * 1024).catch((e) => e);
      expect(error.code).toBe('QUOTA_EXCEEDED');
      expect(error.extra).toMatchObject({
        quotaType: 'storage',
        quota: { used: 0.6, limit: 1, requested: 0.6 },
        help: expect.stringContaining('Delete some files'),
      });
    } finally {
      await t.close();
    }
  });
});
