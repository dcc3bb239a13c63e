import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ domains: ['users', 'activities'] });
  admin = await t.adminToken();
  adminId = (await t.request({ method: 'POST', url: '/api/validate-token', payload: { token: admin } })).json().user.id;
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/api/register', token, payload });
const update = (id: number, payload: Record<string, unknown>, token = admin) =>
  t.request({ method: 'PUT', url: `/api/users/${id}`, token, payload });
const remove = (id: number, token = admin) => t.request({ method: 'DELETE', url: `/api/users/${id}`, token });

async function lastActivity(type: string) {
  const { rows } = await t.ctx.database.pool.query(
    'SELECT user_id, source_type, data FROM activities WHERE type = $1 ORDER BY id DESC LIMIT 1',
    [type],
  );
  return rows[0];
}

describe('POST /api/register', () => {
  it('creates a user, returns 201 without the password, and records user_created', async () => {
    const res = await register({ username: 'alice', email: 'Alice@Example.com', password: 'alice-pass', role: 'agent' });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'alice',
      email: 'alice@example.com',
      role: 'agent',
      emailVerified: false,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toContain('alice-pass');
    expect(res.body).not.toMatch(/password/i);
    expect(await lastActivity('user_created')).toEqual({
      user_id: adminId,
      source_type: 'user',
      data: { username: 'admin', name: 'alice', action: 'created', status: 'agent' },
    });
    expect(await t.login('alice', 'alice-pass')).toBeTruthy();
  });

  it('defaults the role to agent', async () => {
    const res = await register({ username: 'norole', email: 'norole@example.com', password: 'secret-pass' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('agent');
  });

  it('refuses a username or email already in use, whatever the case, with 409', async () => {
    const taken = await register({ username: 'ALICE', email: 'other@example.com', password: 'secret-pass' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Username is already taken', code: 'CONFLICT' });
    const inUse = await register({ username: 'alice2', email: 'ALICE@example.COM', password: 'secret-pass' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: 'Email is already in use', code: 'CONFLICT' });
  });

  it('gives one 201 and one 409 when the same username is registered twice at once', async () => {
    const results = await Promise.all([
      register({ username: 'racer', email: 'racer1@example.com', password: 'secret-pass' }),
      register({ username: 'Racer', email: 'racer2@example.com', password: 'secret-pass' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error).toBe('Username is already taken');
  });

  it.each([
    [{ email: 'x@example.com', password: 'secret-pass' }, 'username', 'Username is required'],
    [{ username: 'ab', email: 'x@example.com', password: 'secret-pass' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'bad name', email: 'x@example.com', password: 'secret-pass' }, 'username', 'Username may contain only'],
    [{ username: 'bob', email: 'not-an-email', password: 'secret-pass' }, 'email', 'Please enter a valid email address'],
    [{ username: 'bob', email: 'x@example.com', password: '123' }, 'password', 'Password must be at least 6 characters long'],
    [{ username: 'bob', email: 'x@example.com', password: 'secret-pass', role: 'owner' }, 'role', ''],
  ])('refuses %j with a 400 naming %s', async (payload, field, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toContain(message);
    expect(body.details[0].field).toBe(field);
    const { rows } = await t.ctx.database.pool.query("SELECT 1 FROM users WHERE username = 'bob'");
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/users', () => {
  beforeAll(async () => {
    for (const name of ['zed_agent', 'yan_agent', 'xavier_admin']) {
      await register({
        username: name,
        email: `${name}@corp.test`,
        password: 'secret-pass',
        role: name.endsWith('admin') ? 'admin' : 'agent',
      });
    }
  });

  it('lists users with pagination and never a password', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users?page=1&limit=2', token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(2);
    const { rows } = await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM users');
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: rows[0].n, totalPages: Math.ceil(rows[0].n / 2) });
    expect(res.body).not.toMatch(/password/i);
  });

  it('searches username and email case-insensitively and filters by role', async () => {
    const byEmail = (await t.request({ method: 'GET', url: '/api/users?search=CORP.TEST', token: admin })).json();
    expect(byEmail.users.map((u: { username: string }) => u.username).sort()).toEqual(['xavier_admin', 'yan_agent', 'zed_agent']);
    const byBoth = (await t.request({ method: 'GET', url: '/api/users?search=corp&role=admin', token: admin })).json();
    expect(byBoth.users.map((u: { username: string }) => u.username)).toEqual(['xavier_admin']);
    expect(byBoth.pagination.total).toBe(1);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = (await t.request({ method: 'GET', url: `/api/users?search=${encodeURIComponent('%')}`, token: admin })).json();
    expect(res.users).toEqual([]);
    const underscore = (await t.request({ method: 'GET', url: '/api/users?search=_agent', token: admin })).json();
    expect(underscore.users.map((u: { username: string }) => u.username).sort()).toEqual(['yan_agent', 'zed_agent']);
  });

  it.each([
    ['page=0', 'page'],
    ['limit=1000', 'limit'],
    ['limit=abc', 'limit'],
    ['role=owner', 'role'],
  ])('refuses bad paging or filters (%s) with a 400 naming the field', async (query, field) => {
    const res = await t.request({ method: 'GET', url: `/api/users?${query}`, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates username, email and role and records what changed', async () => {
    const { id } = await t.createUser({ username: 'carol' });
    const res = await update(id, { username: 'carol2', email: 'carol2@example.com', role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id, username: 'carol2', email: 'carol2@example.com', role: 'admin', emailVerified: false });
    expect(await lastActivity('user_updated')).toEqual({
      user_id: adminId,
      source_type: 'user',
      data: { username: 'admin', name: 'carol2', action: 'updated', details: 'username, email, role' },
    });
    const listed = (await t.request({ method: 'GET', url: '/api/users?search=carol2', token: admin })).json();
    expect(listed.users[0]).toMatchObject({ username: 'carol2', role: 'admin' });
  });

  it('lets a user keep their own username in another case', async () => {
    const { id } = await t.createUser({ username: 'dave' });
    const res = await update(id, { username: 'Dave' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('Dave');
  });

  it('refuses a username or email another user holds with 409', async () => {
    const { id } = await t.createUser({ username: 'erin' });
    expect((await update(id, { username: 'ALICE' })).json()).toEqual({ error: 'Username is already taken', code: 'CONFLICT' });
    expect((await update(id, { email: 'alice@EXAMPLE.com' })).json()).toEqual({ error: 'Email is already in use', code: 'CONFLICT' });
    expect((await update(id, { email: 'alice@EXAMPLE.com' })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await update(999_999, { username: 'ghost' })).json()).toEqual({ error: 'User not found', code: 'NOT_FOUND' });
    expect((await update(999_999, { username: 'ghost' })).statusCode).toBe(404);
    const bad = await update(Number.NaN, { username: 'ghost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
    const huge = await t.request({ method: 'PUT', url: '/api/users/99999999999', token: admin, payload: { username: 'ghost' } });
    expect(huge.statusCode).toBe(400);
  });

  it('refuses an empty or invalid update with 400', async () => {
    const empty = await update(adminId, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Nothing to update');
    const badEmail = await update(adminId, { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details[0].field).toBe('email');
  });

  it('refuses an admin changing their own role, but allows a no-op', async () => {
    const res = await update(adminId, { role: 'agent' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You cannot change your own role', code: 'FORBIDDEN' });
    expect((await update(adminId, { role: 'admin' })).statusCode).toBe(200);
  });

  it('moves a demoted admin out of the admin role at once', async () => {
    const { id, token } = await t.createUser({ username: 'frank', role: 'admin' });
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(200);
    expect((await update(id, { role: 'agent' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user, ends their sessions and records user_deleted', async () => {
    const { id, token } = await t.createUser({ username: 'gina' });
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.request({ method: 'GET', url: '/api/activities', token })).statusCode).toBe(401);
    expect((await remove(id)).statusCode).toBe(404);
    expect(await lastActivity('user_deleted')).toEqual({
      user_id: adminId,
      source_type: 'user',
      data: { username: 'admin', name: 'gina', action: 'deleted' },
    });
  });

  it('refuses an admin deleting themself', async () => {
    const res = await remove(adminId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You cannot delete your own account', code: 'FORBIDDEN' });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await remove(424_242)).json()).toEqual({ error: 'User not found', code: 'NOT_FOUND' });
  });
});

describe('the last admin', () => {
  /**
   * Holds every admin row locked while both requests get past authentication and queue on the lock,
   * then lets them through together: the race the row locks must survive, made deterministic.
   */
  async function raceOnAdminRows(app: TestApp, fire: () => Promise<LightMyRequestResponse>[]) {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT id FROM users WHERE role = 'admin' FOR UPDATE");
      const pending = fire();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0].n >= 2) break;
        if (Date.now() > deadline) throw new Error('the requests never queued on the admin rows');
        await new Promise((r) => setTimeout(r, 20));
      }
      await client.query('COMMIT');
      return await Promise.all(pending);
    } finally {
      await client.end();
    }
  }

  async function twoAdmins() {
    const app = await createTestApp({ domains: ['users', 'activities'] });
    const first = { token: await app.adminToken(), id: 0 };
    first.id = (await app.request({ method: 'POST', url: '/api/validate-token', payload: { token: first.token } })).json().user.id;
    const second = await app.createUser({ username: 'second_admin', role: 'admin' });
    return { app, first, second };
  }

  const admins = async (app: TestApp) =>
    (await app.ctx.database.pool.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'")).rows[0].n as number;

  it('survives two admins deleting each other at the same moment', async () => {
    const { app, first, second } = await twoAdmins();
    try {
      const results = await raceOnAdminRows(app, () => [
        app.request({ method: 'DELETE', url: `/api/users/${second.id}`, token: first.token }),
        app.request({ method: 'DELETE', url: `/api/users/${first.id}`, token: second.token }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ error: 'There must be at least one admin', code: 'CONFLICT' });
      expect(await admins(app)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('survives two admins demoting each other at the same moment', async () => {
    const { app, first, second } = await twoAdmins();
    try {
      const results = await raceOnAdminRows(app, () => [
        app.request({ method: 'PUT', url: `/api/users/${second.id}`, token: first.token, payload: { role: 'agent' } }),
        app.request({ method: 'PUT', url: `/api/users/${first.id}`, token: second.token, payload: { role: 'agent' } }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ error: 'There must be at least one admin', code: 'CONFLICT' });
      expect(await admins(app)).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/users/:id/change-password', () => {
  it('sets the password, ends every session of that user and records user_password_set', async () => {
    const { id, token } = await t.createUser({ username: 'kate', password: 'old-password' });
    const res = await t.request({
      method: 'POST',
      url: `/api/users/${id}/change-password`,
      token: admin,
      payload: { newPassword: 'new-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/activities', token })).statusCode).toBe(401);
    await expect(t.login('kate', 'old-password')).rejects.toThrow();
    expect(await t.login('kate', 'new-password')).toBeTruthy();
    expect(await lastActivity('user_password_set')).toMatchObject({ user_id: adminId, data: { username: 'admin', name: 'kate' } });
  });

  it('keeps the calling admin signed in when they set their own password', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/users/${adminId}/change-password`,
      token: admin,
      payload: { newPassword: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users', token: admin })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a short password', async () => {
    const missing = await t.request({
      method: 'POST',
      url: '/api/users/777777/change-password',
      token: admin,
      payload: { newPassword: 'long-enough' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('User not found');
    const short = await t.request({
      method: 'POST',
      url: `/api/users/${adminId}/change-password`,
      token: admin,
      payload: { newPassword: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: expect.stringContaining('Password must be at least 6 characters long') });
    expect(short.json().details[0].field).toBe('newPassword');
  });
});

describe('permissions', () => {
  const endpoints = (id: number) => [
    { method: 'GET' as const, url: '/api/users', ok: 200 },
    {
      method: 'POST' as const,
      url: '/api/register',
      payload: { username: 'perm_new', email: 'perm_new@example.com', password: 'secret-pass' },
      ok: 201,
    },
    { method: 'PUT' as const, url: `/api/users/${id}`, payload: { username: 'perm_renamed' }, ok: 200 },
    { method: 'POST' as const, url: `/api/users/${id}/change-password`, payload: { newPassword: 'another-pass' }, ok: 200 },
    { method: 'DELETE' as const, url: `/api/users/${id}`, ok: 200 },
  ];

  it('answers 401 to anonymous callers, 403 to agents and 2xx to admins', async () => {
    const target = await t.createUser({ username: 'perm_target' });
    const agent = await t.createUser({ username: 'perm_agent' });
    for (const e of endpoints(target.id)) {
      const anonymous = await t.request({ method: e.method, url: e.url, payload: e.payload });
      expect(anonymous.statusCode, `${e.method} ${e.url} anonymous`).toBe(401);
      const asAgent = await t.request({ method: e.method, url: e.url, payload: e.payload, token: agent.token });
      expect(asAgent.statusCode, `${e.method} ${e.url} agent`).toBe(403);
      expect(asAgent.json().code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    for (const e of endpoints(target.id)) {
      const asAdmin = await t.request({ method: e.method, url: e.url, payload: e.payload, token: admin });
      expect(asAdmin.statusCode, `${e.method} ${e.url} admin`).toBe(e.ok);
    }
  });
});

describe('verification email', () => {
  it('is delivered over SMTP to a new user, and its link marks them verified', async () => {
    const capture = await startSmtpCapture();
    const app = await createTestApp({ domains: ['users', 'activities'], env: { SMTP_URL: capture.url } });
    try {
      const token = await app.adminToken();
      const res = await app.request({
        method: 'POST',
        url: '/api/register',
        token,
        payload: { username: 'lena', email: 'lena@example.com', password: 'secret-pass' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.emailVerified).toBe(false);
      const mail = await capture.waitFor((m) => m.to.includes('lena@example.com'));
      const link = /http:\/\/127\.0\.0\.1:3999\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mailText(mail.raw));
      expect(link).not.toBeNull();
      const verified = await app.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token: link?.[1] } });
      expect(verified.statusCode).toBe(200);
      const listed = (await app.request({ method: 'GET', url: '/api/users?search=lena', token })).json();
      expect(listed.users[0].emailVerified).toBe(true);
    } finally {
      await app.close();
      await capture.close();
    }
  });

  it('does not fail the creation when the mail server is down', async () => {
    const app = await createTestApp({ domains: ['users', 'activities'], env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await app.request({
        method: 'POST',
        url: '/api/register',
        token: await app.adminToken(),
        payload: { username: 'mona', email: 'mona@example.com', password: 'secret-pass' },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});
