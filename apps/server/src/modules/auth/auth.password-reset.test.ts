import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { mailText, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let capture: Awaited<ReturnType<typeof startSmtpCapture>>;
let alice: SeededUser;

const PUBLIC_URL = 'http://console.example.test:8080';

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await createTestApp({ domains: ['auth'], env: { SMTP_URL: capture.url, PUBLIC_URL } });
  alice = await addUser(t, { username: 'alice', email: 'alice@example.com', password: 'alice-old-pass' });
});
afterAll(async () => {
  await t.close();
  await capture.close();
});
beforeEach(async () => {
  await t.ctx.database.pool.query('DELETE FROM sign_in_attempts');
});

const forgot = (email: string) => t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, newPassword: string) =>
  t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

/** Asks for a reset link for alice and reads the token out of the mail that arrives. */
async function requestResetToken(): Promise<string> {
  const before = capture.messages.length;
  expect((await forgot(alice.email)).statusCode).toBe(200);
  const mail = await capture.waitFor((m) => capture.messages.indexOf(m) >= before && m.to.includes(alice.email));
  const match = /reset-password\?token=([A-Za-z0-9_\-%]+)/.exec(mailText(mail.raw));
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]);
}

async function waitQuietly(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether or not the address has an account, and mails only a real account', async () => {
    const before = capture.messages.length;
    const unknown = await forgot('nobody@example.com');
    const known = await forgot('ALICE@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(unknown.json()).toEqual({ message: 'If an account exists for that email, a password reset link has been sent.' });

    await capture.waitFor((m) => m.to.includes('alice@example.com') && capture.messages.indexOf(m) >= before);
    await waitQuietly(300);
    const recipients = capture.messages.slice(before).flatMap((m) => m.to);
    expect(recipients).toEqual(['alice@example.com']);
  });

  it('still answers the same when the mail cannot be delivered', async () => {
    const broken = await createTestApp({ domains: ['auth'], env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      await addUser(broken, { username: 'bob', email: 'bob@example.com' });
      const known = await broken.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'bob@example.com' } });
      const unknown = await broken.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'zed@example.com' } });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
    } finally {
      await broken.close();
    }
  });

  it('refuses a malformed address with the spec text', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Please enter a valid email address');
    const blank = await forgot('');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('Email is required');
  });

  it('mails PUBLIC_URL/reset-password?token=... with a token of at least 128 bits that is stored only hashed', async () => {
    const before = capture.messages.length;
    await forgot(alice.email);
    const mail = await capture.waitFor((m) => capture.messages.indexOf(m) >= before && m.to.includes(alice.email));
    const text = mailText(mail.raw);
    const link = new RegExp(`${PUBLIC_URL.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(link).not.toBeNull();
    const token = link?.[1] as string;
    // base64url: 6 bits a character.
    expect(token.length * 6).toBeGreaterThanOrEqual(128);

    const { rows } = await t.ctx.database.pool.query('SELECT * FROM auth_tokens');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(rows.some((r) => r.purpose === 'password_reset' && r.user_id === alice.id)).toBe(true);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, works once, and ends every session of the user', async () => {
    const otherSession = await t.login('alice', 'alice-old-pass');
    const token = await requestResetToken();

    const res = await reset(token, 'alice-new-pass');
    expect(res.statusCode).toBe(200);

    for (const session of [alice.token, otherSession]) {
      expect((await t.request({ method: 'POST', url: '/api/validate-token', payload: { token: session } })).statusCode).toBe(401);
    }
    const old = await t.request({ method: 'POST', url: '/api/login', payload: { username: 'alice', password: 'alice-old-pass' } });
    expect(old.statusCode).toBe(401);
    alice.token = await t.login('alice', 'alice-new-pass');
    alice.password = 'alice-new-pass';

    const again = await reset(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This password reset link is invalid or has expired. Please request a new password reset.');
    expect(
      (await t.request({ method: 'POST', url: '/api/login', payload: { username: 'alice', password: 'another-pass' } })).statusCode,
    ).toBe(401);

    const { rows } = await t.ctx.database.pool.query(
      "SELECT type, source_type FROM activities WHERE type = 'password_reset' AND user_id = $1",
      [alice.id],
    );
    expect(rows).toEqual([{ type: 'password_reset', source_type: 'auth' }]);
  });

  it('refuses a link older than 1 hour', async () => {
    const token = await requestResetToken();
    await t.ctx.database.pool.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL",
      [alice.id],
    );
    const res = await reset(token, 'too-late-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('gives each link a lifetime of 1 hour', async () => {
    await requestResetToken();
    const { rows } = await t.ctx.database.pool.query<{ seconds: number }>(
      "SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM auth_tokens WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL",
      [alice.id],
    );
    expect(rows).toHaveLength(1);
    expect(Math.abs((rows[0]?.seconds ?? 0) - 3600)).toBeLessThanOrEqual(2);
  });

  it('lets a new link supersede the older ones', async () => {
    const first = await requestResetToken();
    const second = await requestResetToken();
    expect(second).not.toBe(first);
    expect((await reset(first, 'first-link-pass')).statusCode).toBe(400);
    expect((await reset(second, 'second-link-pass')).statusCode).toBe(200);
    alice.password = 'second-link-pass';
    alice.token = await t.login('alice', alice.password);
  });

  it('refuses a short password with the spec text and keeps the link usable', async () => {
    const token = await requestResetToken();
    const res = await reset(token, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Password must be at least 6 characters long');
    expect(res.json().details[0]).toMatchObject({ field: 'newPassword', message: 'Password must be at least 6 characters long' });
    expect((await reset(token, 'long-enough')).statusCode).toBe(200);
    alice.password = 'long-enough';
    alice.token = await t.login('alice', alice.password);
  });

  it('refuses a missing token with the spec text and an unknown one with 400', async () => {
    const missing = await reset('', 'whatever-pass');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('Invalid or missing reset token. Please request a new password reset.');
    const unknown = await reset('A'.repeat(43), 'whatever-pass');
    expect(unknown.statusCode).toBe(400);
  });
});
