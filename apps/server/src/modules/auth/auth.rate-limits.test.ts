import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let capture: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await createTestApp({
    domains: ['auth'],
    env: {
      SMTP_URL: capture.url,
      RATE_LIMIT_SIGN_IN: '3',
      RATE_LIMIT_ACCOUNT_MAIL: '4',
      RATE_LIMIT_TOKEN_LINKS: '2',
      ACCOUNT_MAIL_INTERVAL_S: '300',
    },
  });
  await addUser(t, { username: 'alice', email: 'alice@example.com' });
  await addUser(t, { username: 'bob', email: 'bob@example.com', verified: false });
});
afterAll(async () => {
  await t.close();
  await capture.close();
});

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') => t.request({ method: 'POST', url, remoteAddress, payload });
const mailsTo = (email: string, page: 'reset-password' | 'verify-email') =>
  capture.messages.filter((m) => m.to.includes(email) && m.raw.includes(page)).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

function expectRateLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    code: 'RATE_LIMIT_EXCEEDED',
    error: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds?/),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per-address rate limits', () => {
  it('limits sign-in requests per address, whatever the account', async () => {
    for (const username of ['a', 'b', 'c']) {
      expect((await post('/api/login', { username, password: 'x' }, '10.3.0.1')).statusCode).toBe(401);
    }
    expectRateLimited(await post('/api/login', { username: 'd', password: 'x' }, '10.3.0.1'));
    expect((await post('/api/login', { username: 'd', password: 'x' }, '10.3.0.2')).statusCode).toBe(401);
  });

  it('limits forgot-password and resend-verification per address', async () => {
    for (let i = 0; i < 4; i++)
      expect((await post('/api/auth/forgot-password', { email: `n${i}@example.com` }, '10.4.0.1')).statusCode).toBe(200);
    expectRateLimited(await post('/api/auth/forgot-password', { email: 'n9@example.com' }, '10.4.0.1'));
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/resend-verification', { email: `n${i}@example.com` }, '10.4.0.1')).statusCode).toBe(200);
    }
    expectRateLimited(await post('/api/auth/resend-verification', { email: 'n9@example.com' }, '10.4.0.1'));
  });

  it('limits reset-password and verify-email per address', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/auth/reset-password', { token: `guess-${i}`, newPassword: 'new-password' }, '10.5.0.1')).statusCode).toBe(
        400,
      );
    }
    expectRateLimited(await post('/api/auth/reset-password', { token: 'guess-9', newPassword: 'new-password' }, '10.5.0.1'));
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/verify-email', { token: `guess-${i}` }, '10.5.0.1')).statusCode).toBe(400);
    expectRateLimited(await post('/api/auth/verify-email', { token: 'guess-9' }, '10.5.0.1'));
  });
});

describe('one mail per address and interval', () => {
  it('sends one password reset mail for a burst of requests from many addresses, answering each the same', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/auth/forgot-password', { email: 'alice@example.com' }, `10.6.0.${i}`)),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    await capture.waitFor((m) => m.to.includes('alice@example.com') && m.raw.includes('reset-password'));
    await settle();
    expect(mailsTo('alice@example.com', 'reset-password')).toBe(1);
    const tokens = await t.ctx.database.pool.query("SELECT count(*)::int AS n FROM auth_tokens WHERE purpose = 'password_reset'");
    expect(tokens.rows[0].n).toBe(1);
  });

  it('sends one verification mail for repeated requests', async () => {
    // The link mailed when bob's account was made is older than the interval.
    await t.ctx.database.pool.query("UPDATE auth_tokens SET created_at = now() - interval '1 hour'");
    const before = mailsTo('bob@example.com', 'verify-email');
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/resend-verification', { email: 'bob@example.com' }, `10.7.0.${i}`)).statusCode).toBe(200);
    await capture.waitFor((m) => m.to.includes('bob@example.com') && capture.messages.indexOf(m) >= before);
    await settle();
    expect(mailsTo('bob@example.com', 'verify-email')).toBe(before + 1);
  });
});

describe('forgot-password timing', () => {
  it('answers before looking the address up, so a known and an unknown address take the same time', async () => {
    const locker = await t.ctx.database.pool.connect();
    try {
      // While the users table cannot be read, an answer that waited on the lookup could not come back.
      await locker.query('BEGIN; LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const [known, unknown] = await Promise.all(
        ['alice@example.com', 'nobody@example.com'].map((email) => post('/api/auth/forgot-password', { email }, '10.8.0.1')),
      );
      expect(known?.statusCode).toBe(200);
      expect(known?.body).toBe(unknown?.body);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
  });
});
