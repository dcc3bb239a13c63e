import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, requireEmailVerification } from '../../../test/seed-user.ts';
import { mailText, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let capture: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await createTestApp({ domains: ['auth', 'email'], env: { SMTP_URL: capture.url } });
});
afterAll(async () => {
  await t.close();
  await capture.close();
});

const verificationRequired = async () => (await t.request({ method: 'GET', url: '/api/email/verification-required' })).json();
const signIn = (username: string, password: string) => t.request({ method: 'POST', url: '/api/login', payload: { username, password } });
const resend = (email: string) => t.request({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });

async function verificationToken(email: string, after: number): Promise<string> {
  const mail = await capture.waitFor((m) => capture.messages.indexOf(m) >= after && m.to.includes(email));
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mailText(mail.raw));
  if (!match?.[1]) throw new Error('no verification link in the mail');
  return match[1];
}

describe('GET /api/email/verification-required', () => {
  it('answers without auth and follows the email setting', async () => {
    expect(await verificationRequired()).toEqual({ required: false });
    await requireEmailVerification(t, true);
    expect(await verificationRequired()).toEqual({ required: true });
    await requireEmailVerification(t, false);
    expect(await verificationRequired()).toEqual({ required: false });
  });
});

describe('sign-in with verification required', () => {
  it('refuses an unverified user with 403 EMAIL_NOT_VERIFIED, then lets them in once verified through the mailed link', async () => {
    await addUser(t, { username: 'dave', email: 'dave@example.com', password: 'dave-pass', verified: false });

    // Without the requirement an unverified user signs in.
    expect((await signIn('dave', 'dave-pass')).statusCode).toBe(200);

    await requireEmailVerification(t, true);
    const refused = await signIn('dave', 'dave-pass');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    // A wrong password is still just a wrong password: nothing is told about verification.
    expect((await signIn('dave', 'not-dave')).json().code).toBe('INVALID_CREDENTIALS');

    const before = capture.messages.length;
    const answer = await resend('dave@example.com');
    expect(answer.statusCode).toBe(200);
    const token = await verificationToken('dave@example.com', before);
    const stored = await t.ctx.database.pool.query('SELECT token_hash FROM auth_tokens');
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    const verified = await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    const login = await signIn('dave', 'dave-pass');
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ username: 'dave', emailVerified: true });

    const again = await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    await requireEmailVerification(t, false);
  });

  it('lets a new verification link supersede the older one', async () => {
    await addUser(t, { username: 'erin', email: 'erin@example.com', verified: false });
    let before = capture.messages.length;
    await resend('erin@example.com');
    const first = await verificationToken('erin@example.com', before);
    before = capture.messages.length;
    await resend('erin@example.com');
    const second = await verificationToken('erin@example.com', before);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token: first } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token: second } })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('answers the same for unknown, verified and unverified addresses, and mails only the unverified one', async () => {
    await addUser(t, { username: 'fred', email: 'fred@example.com', verified: false });
    await addUser(t, { username: 'gina', email: 'gina@example.com', verified: true });
    const before = capture.messages.length;
    const answers = await Promise.all(['fred@example.com', 'gina@example.com', 'nobody@example.com'].map(resend));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    await capture.waitFor((m) => capture.messages.indexOf(m) >= before && m.to.includes('fred@example.com'));
    await new Promise((r) => setTimeout(r, 300));
    expect(capture.messages.slice(before).flatMap((m) => m.to)).toEqual(['fred@example.com']);
  });

  it('refuses a malformed address', async () => {
    const res = await resend('fred');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Please enter a valid email address');
  });
});

describe('POST /api/auth/verify-email', () => {
  it('refuses an unknown, an expired and a missing token', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'nope' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: {} })).statusCode).toBe(400);

    await addUser(t, { username: 'hank', email: 'hank@example.com', verified: false });
    const before = capture.messages.length;
    await resend('hank@example.com');
    const token = await verificationToken('hank@example.com', before);
    await t.ctx.database.pool.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'email_verification'");
    const res = await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This verification link is invalid or has expired. Please request a new one.');
  });

  it('does not accept a password reset token as a verification token', async () => {
    await addUser(t, { username: 'ivy', email: 'ivy@example.com', verified: false });
    const before = capture.messages.length;
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ivy@example.com' } });
    const mail = await capture.waitFor((m) => capture.messages.indexOf(m) >= before && m.to.includes('ivy@example.com'));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))?.[1] as string;
    expect((await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(400);
  });
});

describe('PUT /api/profile/email', () => {
  const setOwnEmail = (token: string | undefined, email: unknown) =>
    t.request({ method: 'PUT', url: '/api/profile/email', token, payload: { email } });

  it('lets the first admin, who has no email, set one, verify it and then recover a forgotten password by mail', async () => {
    const token = await t.adminToken();
    const before = capture.messages.length;
    const answer = await setOwnEmail(token, ' Root@Example.com ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({ username: 'admin', email: 'root@example.com', emailVerified: false });

    const verified = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await verificationToken('root@example.com', before) },
    });
    expect(verified.statusCode).toBe(200);
    const me = await t.request({ method: 'POST', url: '/api/validate-token', payload: { token } });
    expect(me.json().user).toMatchObject({ email: 'root@example.com', emailVerified: true });

    const beforeReset = capture.messages.length;
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'root@example.com' } });
    const reset = await capture.waitFor((m) => capture.messages.indexOf(m) >= beforeReset && m.to.includes('root@example.com'));
    expect(mailText(reset.raw)).toContain('/reset-password?token=');
  });

  it('lets an agent change their own address only, unverified until they follow the new link', async () => {
    const hana = await addUser(t, { username: 'hana', email: 'hana@example.com' });
    await addUser(t, { username: 'frank', email: 'frank@example.com' });

    const changed = await setOwnEmail(hana.token, 'hana.new@example.com');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ username: 'hana', email: 'hana.new@example.com', emailVerified: false });

    const taken = await setOwnEmail(hana.token, 'FRANK@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Email is already in use');
    const malformed = await setOwnEmail(hana.token, 'not an address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('Please enter a valid email address');
    expect((await setOwnEmail(undefined, 'x@example.com')).statusCode).toBe(401);
  });
});
