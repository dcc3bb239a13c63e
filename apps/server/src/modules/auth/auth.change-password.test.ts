import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let carol: SeededUser;

beforeAll(async () => {
  t = await createTestApp({ domains: ['auth'] });
  carol = await addUser(t, { username: 'carol', password: 'carol-pass-1' });
});
afterAll(() => t.close());

const change = (token: string, currentPassword: string, newPassword: string) =>
  t.request({ method: 'POST', url: '/api/change-password', token, payload: { currentPassword, newPassword } });
const valid = async (token: string) =>
  (await t.request({ method: 'POST', url: '/api/validate-token', payload: { token } })).statusCode === 200;

describe('POST /api/change-password', () => {
  it('needs a signed-in user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/change-password', payload: { currentPassword: 'x', newPassword: 'yyyyyy' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const res = await change(carol.token, 'not-my-password', 'carol-pass-2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Current password is incorrect', code: 'VALIDATION_ERROR' });
    expect(await valid(carol.token)).toBe(true);
    await t.login('carol', 'carol-pass-1');
  });

  it('refuses a short new password with the spec text', async () => {
    const res = await change(carol.token, 'carol-pass-1', '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Password must be at least 6 characters long');
  });

  it('ends the other sessions of the user, keeps the current one and records the change', async () => {
    const other = await t.login('carol', 'carol-pass-1');
    const admin = await t.adminToken();
    const res = await change(carol.token, 'carol-pass-1', 'carol-pass-2');
    expect(res.statusCode).toBe(200);

    expect(await valid(carol.token)).toBe(true);
    expect(await valid(other)).toBe(false);
    expect(await valid(admin)).toBe(true);
    expect(
      (await t.request({ method: 'POST', url: '/api/login', payload: { username: 'carol', password: 'carol-pass-1' } })).statusCode,
    ).toBe(401);
    await t.login('carol', 'carol-pass-2');

    const { rows } = await t.ctx.database.pool.query(
      "SELECT source_type, data FROM activities WHERE type = 'password_changed' AND user_id = $1",
      [carol.id],
    );
    expect(rows).toEqual([{ source_type: 'user', data: { username: 'carol' } }]);
  });
});

describe('POST /api/change-password throttle', () => {
  it('answers 429 past the sign-in limit of wrong current passwords from one address, counted before the check', async () => {
    const dora = await addUser(t, { username: 'dora', password: 'dora-pass-1' });
    const guess = (currentPassword: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: '/api/change-password',
        token: dora.token,
        remoteAddress,
        payload: { currentPassword, newPassword: 'dora-pass-2' },
      });
    // A burst in parallel gets no more checks than the limit (LOGIN_MAX_FAILURES, 10).
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`guess-${i}`, '198.51.100.20')));
    expect(burst.filter((res) => res.statusCode === 400)).toHaveLength(10);
    const refused = burst.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json()).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      error: expect.stringContaining('Too many wrong current passwords'),
    });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits from that address; another address may still change it.
    expect((await guess('dora-pass-1', '198.51.100.20')).statusCode).toBe(429);
    expect((await guess('dora-pass-1', '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('activities written by auth', () => {
  it('records sign-in, sign-out and a failed sign-in with who and from where', async () => {
    await t.ctx.database.pool.query('DELETE FROM activities');
    const token = await t.login('carol', 'carol-pass-2');
    await t.request({ method: 'POST', url: '/api/logout', token });
    await t.request({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.2.3',
      payload: { username: 'carol', password: 'wrong-one' },
    });
    await t.request({ method: 'POST', url: '/api/login', payload: { username: 'ghost', password: 'wrong-one' } });

    const { rows } = await t.ctx.database.pool.query('SELECT type, source_type, user_id, ip, data FROM activities ORDER BY id');
    expect(rows).toEqual([
      expect.objectContaining({ type: 'login', source_type: 'auth', user_id: carol.id, data: { username: 'carol', status: 'success' } }),
      expect.objectContaining({ type: 'logout', source_type: 'auth', user_id: carol.id, data: { username: 'carol' } }),
      expect.objectContaining({
        type: 'login_failed',
        source_type: 'auth',
        user_id: carol.id,
        ip: '10.1.2.3',
        data: expect.objectContaining({ username: 'carol', status: 'failed' }),
      }),
      expect.objectContaining({
        type: 'login_failed',
        source_type: 'auth',
        user_id: null,
        data: expect.objectContaining({ username: 'ghost' }),
      }),
    ]);
    // A failed sign-in never stores the password that was tried.
    expect(JSON.stringify(rows)).not.toContain('wrong-one');
  });
});
