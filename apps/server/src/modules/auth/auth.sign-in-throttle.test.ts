import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accountDelayMs } from './auth.service.ts';

const LIMIT = 10;
let t: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  [t, behindProxy] = await Promise.all([
    createTestApp({ domains: ['auth'], env: { LOGIN_MAX_FAILURES: String(LIMIT) } }),
    createTestApp({ domains: ['auth'], env: { LOGIN_MAX_FAILURES: String(LIMIT), TRUST_PROXY: '10.1.0.0/16' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), behindProxy.close()]));
beforeEach(() => Promise.all([t, behindProxy].map((app) => app.ctx.database.pool.query('DELETE FROM sign_in_attempts'))));

const signIn = (app: TestApp, remoteAddress: string, password: string, headers: Record<string, string> = {}) =>
  app.request({ method: 'POST', url: '/api/login', remoteAddress, headers, payload: { username: ADMIN.username, password } });

function statuses(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe('the sign-in throttle', () => {
  it('lets at most the limit of 200 parallel wrong passwords from one address reach the password check', async () => {
    const burst = await Promise.all(Array.from({ length: 200 }, () => signIn(t, '10.0.0.1', 'wrong-password')));
    expect(statuses(burst)).toEqual({ 401: LIMIT, 429: 200 - LIMIT });
    const refused = burst.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const failed = await t.ctx.database.pool.query("SELECT count(*)::int AS n FROM activities WHERE type = 'login_failed'");
    expect(failed.rows[0].n).toBeLessThanOrEqual(LIMIT + 1);
    // The attacking address stays refused even with the right password.
    expect((await signIn(t, '10.0.0.1', ADMIN.password)).statusCode).toBe(429);
  });

  it('still lets the real password in from another address during an attack, only slower', async () => {
    const attack = LIMIT + 3;
    await Promise.all(Array.from({ length: attack }, (_, i) => signIn(t, `10.0.${i % 3}.9`, 'wrong-password')));
    const started = Date.now();
    const res = await signIn(t, '192.0.2.55', ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(ADMIN.username);
    // More attempts on the account than the limit: the owner waits, but is not shut out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(accountDelayMs(attack + 1, LIMIT) - 5);
  });

  it('forgets an address once its owner signs in there', async () => {
    for (let i = 0; i < LIMIT - 1; i++) await signIn(t, '10.0.5.5', 'wrong-password');
    expect((await signIn(t, '10.0.5.5', ADMIN.password)).statusCode).toBe(200);
    const left = await t.ctx.database.pool.query("SELECT * FROM sign_in_attempts WHERE ip = '10.0.5.5'");
    expect(left.rowCount).toBe(0);
  });

  it('keys on the socket address: a spoofed X-Forwarded-For changes nothing when no proxy is trusted', async () => {
    const spoofed = await Promise.all(
      Array.from({ length: LIMIT + 5 }, (_, i) => signIn(t, '10.0.7.7', 'wrong-password', { 'x-forwarded-for': `203.0.113.${i}` })),
    );
    expect(statuses(spoofed)).toEqual({ 401: LIMIT, 429: 5 });
    const keys = await t.ctx.database.pool.query('SELECT DISTINCT ip FROM sign_in_attempts');
    expect(keys.rows).toEqual([{ ip: '10.0.7.7' }]);
    const logged = await t.ctx.database.pool.query("SELECT DISTINCT ip FROM activities WHERE type = 'login_failed' AND ip LIKE '203.%'");
    expect(logged.rowCount).toBe(0);
  });

  it('takes the client address from X-Forwarded-For only when the request comes from a trusted proxy', async () => {
    const viaProxy = await Promise.all(
      Array.from({ length: LIMIT + 2 }, (_, i) =>
        signIn(behindProxy, '10.1.0.2', 'wrong-password', { 'x-forwarded-for': `203.0.113.${i % 2}` }),
      ),
    );
    // Two real clients behind the proxy: each has its own budget.
    expect(statuses(viaProxy)).toEqual({ 401: LIMIT + 2 });
    const keys = await behindProxy.ctx.database.pool.query('SELECT ip FROM sign_in_attempts ORDER BY ip');
    expect(keys.rows.map((r) => r.ip)).toEqual(['203.0.113.0', '203.0.113.1']);
    // A client outside the trusted range cannot name its own address.
    await signIn(behindProxy, '198.51.100.4', 'wrong-password', { 'x-forwarded-for': '203.0.113.200' });
    const direct = await behindProxy.ctx.database.pool.query(
      "SELECT ip FROM sign_in_attempts WHERE ip IN ('198.51.100.4', '203.0.113.200')",
    );
    expect(direct.rows).toEqual([{ ip: '198.51.100.4' }]);
  });
});

describe('accountDelayMs', () => {
  it('adds no delay up to the limit, then doubles up to 5 seconds', () => {
    expect(accountDelayMs(1, 10)).toBe(0);
    expect(accountDelayMs(10, 10)).toBe(0);
    expect(accountDelayMs(11, 10)).toBe(100);
    expect(accountDelayMs(12, 10)).toBe(200);
    expect(accountDelayMs(15, 10)).toBe(1600);
    expect(accountDelayMs(17, 10)).toBe(5000);
    expect(accountDelayMs(1000, 10)).toBe(5000);
  });
});
