import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { defaultSmtpSettings, SMTP_SETTINGS_KEY, smtpTransportOptions } from './mailer.ts';
import { SMTP_USER, startAuthSmtpServer } from './test/tls-smtp-server.ts';

const PASSWORD = 'smtp-pa55word-at-rest';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
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

describe('STARTTLS on port 587', () => {
  const settings = { ...defaultSmtpSettings, host: '127.0.0.1', user: SMTP_USER };

  it('is required there only, unless TLS is used from the start', () => {
    expect(smtpTransportOptions({ ...settings, port: 587 }, PASSWORD).requireTLS).toBe(true);
    expect(smtpTransportOptions({ ...settings, port: 25 }, PASSWORD).requireTLS).toBe(false);
    expect(smtpTransportOptions({ ...settings, port: 587, secure: true }, PASSWORD).requireTLS).toBe(false);
  });

  it('refuses a server that does not offer STARTTLS rather than signing in and sending in clear', async () => {
    const server = await startAuthSmtpServer('none', PASSWORD);
    // Listening on 587 takes privileges: the options made for 587 are pointed at the test server's port.
    const send = (port: number) =>
      nodemailer
        .createTransport({ ...smtpTransportOptions({ ...settings, port }, PASSWORD), port: server.port })
        .sendMail({ from: 'ops@acme.test', to: 'clear@example.com', subject: 'S', text: 'T' });
    try {
      await expect(send(587)).rejects.toThrow(/STARTTLS/);
      expect(server.received).toEqual([]);
      await send(25);
      expect(server.received).toEqual(['clear@example.com']);
    } finally {
      await server.close();
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
    const server = await startAuthSmtpServer('none', 'legacy-pa55word');
    const legacy = { ...serverAt(server.port, false), password: 'legacy-pa55word', requireVerification: false };
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
        allowSelfSigned: false,
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
