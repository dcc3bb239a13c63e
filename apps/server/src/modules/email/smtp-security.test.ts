import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { defaultSmtpSettings, SMTP_SETTINGS_KEY, smtpTransportOptions, smtpUrlTransportOptions } from './mailer.ts';
import { SMTP_USER, startAuthSmtpServer } from './test/tls-smtp-server.ts';

const PASSWORD = 'smtp-pa55word-at-rest';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ domains: ['email'] });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const putSettings = (settings: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/email/settings', token: admin, payload: { settings } });
const sendTest = (to: string) => t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to } });

/** The email.smtp row as the database holds it. */
async function storedRow(): Promise<string> {
  const { rows } = await t.ctx.database.pool.query('SELECT value::text AS value FROM settings WHERE key = $1', [SMTP_SETTINGS_KEY]);
  return rows[0].value;
}

const serverAt = (port: number, secure: boolean) => ({
  enabled: true,
  host: '127.0.0.1',
  port,
  secure,
  user: SMTP_USER,
  password: PASSWORD,
  from: 'ops@acme.test',
});

describe('SMTP server certificates', () => {
  it.each([
    ['TLS from the start', 'implicit' as const],
    ['STARTTLS', 'starttls' as const],
  ])('are verified with %s: a self-signed one is refused with a 502 until an admin allows it', async (_, tls) => {
    const server = await startAuthSmtpServer(tls, PASSWORD);
    try {
      const saved = await putSettings({ ...serverAt(server.port, tls === 'implicit'), allowSelfSigned: false });
      expect(saved.json().settings.allowSelfSigned).toBe(false);
      const refused = await sendTest('tls-check@example.com');
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        error: expect.stringMatching(/^Could not send the test email: .*self-signed certificate/),
      });
      expect(server.received).toEqual([]);

      expect((await putSettings({ allowSelfSigned: true })).json().settings.allowSelfSigned).toBe(true);
      const sent = await sendTest('tls-check@example.com');
      expect(sent.statusCode).toBe(200);
      expect(server.received).toEqual(['tls-check@example.com']);
    } finally {
      await server.close();
      await putSettings({ enabled: false, allowSelfSigned: false });
    }
  });
});

describe('TLS for a connection that signs in', () => {
  const settings = { ...defaultSmtpSettings, host: '127.0.0.1', user: SMTP_USER };

  it('is required on every port with credentials, and on 587 always, unless TLS is used from the start or the admin opts out', () => {
    expect(smtpTransportOptions({ ...settings, port: 587 }, PASSWORD).requireTLS).toBe(true);
    expect(smtpTransportOptions({ ...settings, port: 2525 }, PASSWORD).requireTLS).toBe(true);
    expect(smtpTransportOptions({ ...settings, port: 25 }, PASSWORD).requireTLS).toBe(true);
    expect(smtpTransportOptions({ ...settings, port: 25, user: '' }, '').requireTLS).toBe(false);
    expect(smtpTransportOptions({ ...settings, port: 587, user: '' }, '').requireTLS).toBe(true);
    expect(smtpTransportOptions({ ...settings, port: 587, secure: true }, PASSWORD).requireTLS).toBe(false);
    expect(smtpTransportOptions({ ...settings, port: 2525, allowUnencrypted: true }, PASSWORD).requireTLS).toBe(false);
  });

  it('reads SMTP_URL the same way, with ?allowUnencrypted=true as the opt-out', () => {
    expect(smtpUrlTransportOptions('smtp://u:p@mail.test:2525')).toMatchObject({ host: 'mail.test', port: 2525, requireTLS: true });
    expect(smtpUrlTransportOptions('smtp://u:p@mail.test')).toMatchObject({ requireTLS: true });
    expect(smtpUrlTransportOptions('smtp://mail.test:25').requireTLS).toBe(false);
    expect(smtpUrlTransportOptions('smtps://u:p@mail.test').requireTLS).toBe(false);
    const optedOut = smtpUrlTransportOptions('smtp://u:p@mail.test:2525?allowUnencrypted=true&tls.rejectUnauthorized=false');
    expect(optedOut).toMatchObject({ requireTLS: false, tls: { rejectUnauthorized: false } });
    expect(optedOut).not.toHaveProperty('allowUnencrypted');
  });

  it('refuses, in the console, a server on port 2525 without STARTTLS with a clear error, and sends once the admin opts out', async () => {
    const server = await startAuthSmtpServer('none', PASSWORD);
    try {
      expect((await putSettings(serverAt(server.port, false))).json().settings.allowUnencrypted).toBe(false);
      const refused = await sendTest('clear@example.com');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toMatch(
        /^Could not send the test email: The SMTP server does not offer STARTTLS \(it answered ".+"\), so the password and mail would travel unencrypted/,
      );
      expect(refused.body).not.toContain(PASSWORD);
      expect(server.received).toEqual([]);

      expect((await putSettings({ allowUnencrypted: true })).json().settings.allowUnencrypted).toBe(true);
      expect((await sendTest('clear@example.com')).statusCode).toBe(200);
      expect(server.received).toEqual(['clear@example.com']);
    } finally {
      await server.close();
      await putSettings({ enabled: false, allowUnencrypted: false });
    }
  });

  it('refuses, through SMTP_URL, a server without STARTTLS with credentials, and sends with ?allowUnencrypted=true', async () => {
    const server = await startAuthSmtpServer('none', PASSWORD);
    const url = `smtp://${SMTP_USER}:${PASSWORD}@127.0.0.1:${server.port}`;
    const refusing = await createTestApp({ domains: ['email'], env: { SMTP_URL: url } });
    const optedOut = await createTestApp({ domains: ['email'], env: { SMTP_URL: `${url}?allowUnencrypted=true` } });
    const sendThrough = async (app: TestApp) =>
      app.request({ method: 'POST', url: '/api/email/test', token: await app.adminToken(), payload: { to: 'env@example.com' } });
    try {
      const refused = await sendThrough(refusing);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toMatch(/The SMTP server does not offer STARTTLS/);
      expect(server.received).toEqual([]);

      expect((await sendThrough(optedOut)).statusCode).toBe(200);
      expect(server.received).toEqual(['env@example.com']);
    } finally {
      await Promise.all([refusing.close(), optedOut.close(), server.close()]);
    }
  });
});

describe('the SMTP password at rest', () => {
  it('is stored sealed, never answered, and opened to sign in to the server', async () => {
    const server = await startAuthSmtpServer('implicit', PASSWORD);
    try {
      const saved = await putSettings({ ...serverAt(server.port, true), allowSelfSigned: true });
      expect(saved.statusCode).toBe(200);
      expect(saved.body).not.toContain(PASSWORD);
      const row = await storedRow();
      expect(row).not.toContain(PASSWORD);
      expect(JSON.parse(row)).toMatchObject({ sealedPassword: expect.stringMatching(/^v1\./) });
      expect(JSON.parse(row)).not.toHaveProperty('password');

      const read = await t.request({ method: 'GET', url: '/api/email/settings', token: admin });
      expect(read.body).not.toContain(PASSWORD);
      expect(read.json().settings.hasPassword).toBe(true);

      expect((await sendTest('sealed@example.com')).statusCode).toBe(200);
      expect(server.received).toEqual(['sealed@example.com']);

      await putSettings({ password: 'not-the-password' });
      const refused = await sendTest('sealed@example.com');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toMatch(/^Could not send the test email: Invalid login/);
      expect(refused.body).not.toContain('not-the-password');
    } finally {
      await server.close();
      await putSettings({ enabled: false });
    }
  });

  it('is sealed in place when a row saved before holds it in clear, and still signs in', async () => {
    const server = await startAuthSmtpServer('starttls', 'legacy-pa55word');
    const legacy = { ...serverAt(server.port, false), allowSelfSigned: true, password: 'legacy-pa55word', requireVerification: false };
    await t.ctx.database.pool.query(
      'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
      [SMTP_SETTINGS_KEY, JSON.stringify(legacy)],
    );
    try {
      const read = await t.request({ method: 'GET', url: '/api/email/settings', token: admin });
      expect(read.statusCode).toBe(200);
      expect(read.json().settings).toEqual({
        enabled: true,
        host: '127.0.0.1',
        port: server.port,
        secure: false,
        allowSelfSigned: true,
        allowUnencrypted: false,
        user: SMTP_USER,
        from: 'ops@acme.test',
        hasPassword: true,
        requireVerification: false,
      });
      const row = await storedRow();
      expect(row).not.toContain('legacy-pa55word');
      expect(JSON.parse(row)).toMatchObject({ sealedPassword: expect.stringMatching(/^v1\./) });

      expect((await sendTest('legacy@example.com')).statusCode).toBe(200);
      expect(server.received).toEqual(['legacy@example.com']);
    } finally {
      await server.close();
      await putSettings({ enabled: false });
    }
  });
});
