import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domains: ['auth', 'activities'] });
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('signs in with the right password and returns an opaque token and the user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.ctx.database.pool.query('SELECT token_hash FROM sessions');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(body.token);
  });

  it('names the missing field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { username: ' ', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('Username is required') });
  });

  it('refuses a wrong password with 401 and records a failed sign-in', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'nope-nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    const rows = await t.ctx.database.pool.query("SELECT type FROM activities WHERE type = 'login_failed'");
    expect(rows.rowCount).toBe(1);
  });
});

describe('logout and validate-token', () => {
  it('stops a token working at once', async () => {
    await t.ctx.database.pool.query('DELETE FROM sign_in_attempts');
    const token = await t.login(ADMIN.username, ADMIN.password);
    expect((await t.request({ method: 'POST', url: '/api/validate-token', payload: { token } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/validate-token', payload: { token } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/activities', token })).statusCode).toBe(401);
  });
});
