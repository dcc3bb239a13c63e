import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { outboxDir } from './mailer.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ domains: ['email'] });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const putSettings = (settings: Record<string, unknown>, app = t, token = admin) =>
  app.request({ method: 'PUT', url: '/api/email/settings', token, payload: { settings } });

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function lastActivity(type: string) {
  const { rows } = await t.ctx.database.pool.query('SELECT source_type, data FROM activities WHERE type = $1 ORDER BY id DESC LIMIT 1', [
    type,
  ]);
  return rows[0];
}

describe('without any SMTP', () => {
  it('reports the outbox transport', async () => {
    const res = await t.request({ method: 'GET', url: '/api/email/status', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      transport: 'outbox',
      configured: false,
      host: null,
      from: '"WhatsApp Agent Chat" <no-reply@localhost>',
      requireVerification: false,
    });
  });

  it('keeps the test email in the outbox, listed newest first and readable by id', async () => {
    const first = await t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to: 'first@example.com' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      transport: 'outbox',
      message: 'No SMTP server is configured: the test email to first@example.com was kept in the outbox',
    });
    await new Promise((r) => setTimeout(r, 5));
    await t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to: 'second@example.com' } });

    const list = await t.request({ method: 'GET', url: '/api/email/outbox', token: admin });
    expect(list.statusCode).toBe(200);
    const { messages, total } = list.json();
    expect(total).toBe(2);
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(messages[0]).toEqual({
      id: expect.stringMatching(/^\d+-[0-9a-f]{8}$/),
      to: 'second@example.com',
      subject: 'WhatsApp Agent Chat test email',
      text: expect.stringContaining('This is a test email from WhatsApp Agent Chat'),
      createdAt: expect.any(String),
    });

    const one = await t.request({ method: 'GET', url: `/api/email/outbox/${messages[1].id}`, token: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ message: messages[1] });

    const limited = (await t.request({ method: 'GET', url: '/api/email/outbox?limit=1', token: admin })).json();
    expect(limited.messages).toHaveLength(1);
    expect(limited.total).toBe(2);

    expect(await lastActivity('email_test_sent')).toEqual({
      source_type: 'user',
      data: { username: 'admin', recipient: 'second@example.com', details: 'outbox' },
    });
  });

  it('refuses outbox ids that could leave the directory, and answers 404 for unknown ones', async () => {
    await writeFile(path.join(t.dataDir, 'secret.json'), JSON.stringify({ id: 'x', to: 'a', subject: 'b', text: 'c', createdAt: 'd' }));
    for (const id of ['..%2Fsecret', '..%2F..%2Fetc%2Fpasswd', 'secret', '1-abc']) {
      const res = await t.request({ method: 'GET', url: `/api/email/outbox/${id}`, token: admin });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('Outbox message id is not valid') });
    }
    const missing = await t.request({ method: 'GET', url: '/api/email/outbox/1700000000000-deadbeef', token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Outbox message not found', code: 'NOT_FOUND' });
  });

  it('skips files in the outbox that are not messages', async () => {
    await writeFile(path.join(outboxDir(t.ctx.config), '1-00000000.json'), 'not json');
    await writeFile(path.join(outboxDir(t.ctx.config), 'notes.txt'), 'hello');
    const res = await t.request({ method: 'GET', url: '/api/email/outbox', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.every((m: { to: string }) => m.to.endsWith('@example.com'))).toBe(true);
  });

  it('refuses a bad recipient with a 400 naming the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to: 'nobody' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Please enter a valid email address');
    expect(res.json().details[0].field).toBe('to');
  });
});

describe('email settings', () => {
  it('answers the defaults with no password', async () => {
    const res = await t.request({ method: 'GET', url: '/api/email/settings', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        enabled: false,
        host: '',
        port: 587,
        secure: false,
        allowSelfSigned: false,
        allowUnencrypted: false,
        user: '',
        from: '',
        hasPassword: false,
        requireVerification: false,
      },
    });
  });

  it('saves settings, never returns the password, and keeps it when the password is empty or omitted', async () => {
    const saved = await putSettings({
      enabled: false,
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'mailer',
      password: 's3cret-smtp',
      from: 'Acme <support@acme.test>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('s3cret-smtp');
    expect(saved.json().settings).toEqual({
      enabled: false,
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      allowSelfSigned: false,
      allowUnencrypted: false,
      user: 'mailer',
      from: 'Acme <support@acme.test>',
      hasPassword: true,
      requireVerification: false,
    });
    expect(await lastActivity('email_settings_updated')).toEqual({
      source_type: 'user',
      data: { username: 'admin', details: 'host, port, secure, user, password, from' },
    });
    const { sealedPassword } = await t.ctx.mailer.smtpSettings();

    await putSettings({ port: 2525, password: '' });
    await putSettings({ user: 'mailer2' });
    const read = await t.request({ method: 'GET', url: '/api/email/settings', token: admin });
    expect(read.body).not.toContain('s3cret-smtp');
    expect(read.json().settings).toMatchObject({ port: 2525, user: 'mailer2', hasPassword: true });
    expect((await t.ctx.mailer.smtpSettings()).sealedPassword).toBe(sealedPassword);
  });

  it.each([
    [{ port: 0 }, 'settings.port', 'SMTP port must be between 1 and 65535'],
    [{ port: 'abc' }, 'settings.port', 'SMTP port must be a number'],
    [{ host: 'bad host!' }, 'settings.host', 'SMTP host must be a host name or address'],
    [{ from: 'not an address' }, 'settings.from', 'From must be an email address'],
    [{ enabled: 'yes' }, 'settings.enabled', ''],
    [{ color: 'blue' }, 'settings', ''],
  ])('refuses %j with a 400 naming %s', async (settings, field, message) => {
    const res = await putSettings(settings);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.json().details[0].field).toBe(field);
  });

  it('refuses enabling SMTP without a host', async () => {
    const res = await putSettings({ enabled: true, host: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'SMTP host is required when SMTP is enabled',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'settings.host', message: 'SMTP host is required when SMTP is enabled' }],
    });
    expect((await t.ctx.mailer.smtpSettings()).enabled).toBe(false);
  });

  it('sends through the console settings once enabled, and reports a dead server as 502', async () => {
    const capture = await startSmtpCapture();
    try {
      const res = await putSettings({
        enabled: true,
        host: '127.0.0.1',
        port: capture.port,
        secure: false,
        user: '',
        from: 'ops@acme.test',
      });
      expect(res.statusCode).toBe(200);
      const status = (await t.request({ method: 'GET', url: '/api/email/status', token: admin })).json();
      expect(status).toMatchObject({ transport: 'settings', configured: true, host: '127.0.0.1', from: 'ops@acme.test' });

      const sent = await t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to: 'ops-check@example.com' } });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ transport: 'settings', message: 'Test email sent to ops-check@example.com' });
      const mail = await capture.waitFor((m) => m.to.includes('ops-check@example.com'));
      expect(mailText(mail.raw)).toContain('This is a test email from');
    } finally {
      await capture.close();
    }

    await putSettings({ port: await closedPort() });
    const failed = await t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to: 'ops-check@example.com' } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      error: expect.stringMatching(/^Could not send the test email: .*ECONNREFUSED/),
    });
    await putSettings({ enabled: false });
  });
});

describe('SMTP_URL', () => {
  it('delivers the test email to a real SMTP server and reports the environment transport', async () => {
    const capture = await startSmtpCapture();
    const app = await createTestApp({ domains: ['email'], env: { SMTP_URL: capture.url } });
    try {
      const token = await app.adminToken();
      const status = (await app.request({ method: 'GET', url: '/api/email/status', token })).json();
      expect(status).toMatchObject({ transport: 'environment', configured: true, host: '127.0.0.1' });
      const res = await app.request({ method: 'POST', url: '/api/email/test', token, payload: { to: 'smtp-check@example.com' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().transport).toBe('environment');
      const mail = await capture.waitFor((m) => m.to.includes('smtp-check@example.com'));
      expect(mail.raw).toContain('Subject: WhatsApp Agent Chat test email');
      const outbox = (await app.request({ method: 'GET', url: '/api/email/outbox', token })).json();
      expect(outbox).toEqual({ messages: [], total: 0 });
    } finally {
      await app.close();
      await capture.close();
    }
  });

  it('answers 502 with the reason when the server cannot be reached', async () => {
    const app = await createTestApp({ domains: ['email'], env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    try {
      const res = await app.request({
        method: 'POST',
        url: '/api/email/test',
        token: await app.adminToken(),
        payload: { to: 'x@example.com' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
      expect(res.json().error).toMatch(/^Could not send the test email: /);
    } finally {
      await app.close();
    }
  });
});

describe('email templates', () => {
  it('lists every template with subject, text and variables', async () => {
    const res = await t.request({ method: 'GET', url: '/api/email/templates', token: admin });
    expect(res.statusCode).toBe(200);
    const { templates } = res.json();
    expect(templates.map((x: { name: string }) => x.name)).toEqual(['password_reset', 'email_verification', 'test']);
    expect(templates[0]).toEqual({
      name: 'password_reset',
      subject: 'Reset your {{appName}} password',
      text: expect.stringContaining('{{link}}'),
      variables: ['appName', 'username', 'link'],
    });
  });

  it('saves a template, returns it, records the change, and the next mail uses it', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/email/templates/test',
      token: admin,
      payload: { template: { subject: 'Ping from {{appName}}', text: 'Custom body for {{appName}}' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      template: { name: 'test', subject: 'Ping from {{appName}}', text: 'Custom body for {{appName}}', variables: ['appName'] },
    });
    const listed = (await t.request({ method: 'GET', url: '/api/email/templates', token: admin })).json();
    expect(listed.templates[2].subject).toBe('Ping from {{appName}}');
    expect(await lastActivity('email_template_updated')).toEqual({ source_type: 'user', data: { username: 'admin', name: 'test' } });

    await t.request({ method: 'POST', url: '/api/email/test', token: admin, payload: { to: 'tpl@example.com' } });
    const newest = (await t.request({ method: 'GET', url: '/api/email/outbox?limit=1', token: admin })).json().messages[0];
    expect(newest).toMatchObject({
      to: 'tpl@example.com',
      subject: 'Ping from WhatsApp Agent Chat',
      text: 'Custom body for WhatsApp Agent Chat',
    });
  });

  it('answers 404 for an unknown template', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/email/templates/welcome',
      token: admin,
      payload: { template: { subject: 'Hi', text: 'Hello' } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Email template not found', code: 'NOT_FOUND' });
  });

  it.each([
    [{ subject: '', text: 'Body {{link}}' }, 'template.subject', 'Subject is required'],
    [{ subject: 'x'.repeat(201), text: 'Body {{link}}' }, 'template.subject', 'Subject must be at most 200 characters'],
    [{ subject: 'Reset', text: '' }, 'template.text', 'Text is required'],
    [{ subject: 'Reset', text: 'No link here' }, 'template.text', 'Text must contain {{link}}'],
  ])('refuses %j with a 400 naming %s', async (template, field, message) => {
    const res = await t.request({ method: 'PUT', url: '/api/email/templates/password_reset', token: admin, payload: { template } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.json().details[0].field).toBe(field);
  });
});

describe('permissions', () => {
  it('answers 401 to anonymous callers, 403 to agents and 200 to admins on every email endpoint', async () => {
    const agent = await t.createUser({ username: 'mail_agent' });
    const outboxId = (await t.request({ method: 'GET', url: '/api/email/outbox', token: admin })).json().messages[0].id;
    const endpoints = [
      { method: 'GET' as const, url: '/api/email/status' },
      { method: 'GET' as const, url: '/api/email/settings' },
      { method: 'PUT' as const, url: '/api/email/settings', payload: { settings: { requireVerification: false } } },
      { method: 'POST' as const, url: '/api/email/test', payload: { to: 'perm@example.com' } },
      { method: 'GET' as const, url: '/api/email/templates' },
      { method: 'PUT' as const, url: '/api/email/templates/test', payload: { template: { subject: 'S', text: 'T' } } },
      { method: 'GET' as const, url: '/api/email/outbox' },
      { method: 'GET' as const, url: `/api/email/outbox/${outboxId}` },
    ];
    for (const e of endpoints) {
      expect((await t.request(e)).statusCode, `${e.method} ${e.url} anonymous`).toBe(401);
      expect((await t.request({ ...e, token: agent.token })).statusCode, `${e.method} ${e.url} agent`).toBe(403);
      expect((await t.request({ ...e, token: admin })).statusCode, `${e.method} ${e.url} admin`).toBe(200);
    }
    // The sign-in page asks this before anyone is signed in.
    expect((await t.request({ method: 'GET', url: '/api/email/verification-required' })).statusCode).toBe(200);
  });
});
