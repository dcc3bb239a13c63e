import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({}, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts from the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      admin: { username: 'admin', password: undefined, email: undefined },
      smtpUrl: undefined,
      logLevel: 'info',
    });
    expect(config.whatsapp).toMatchObject({ apiVersion: 'v21.0', apiUrl: 'http://127.0.0.1:3000/sandbox/graph', sandbox: true });
  });

  it('reads the variables it is given, overrides winning over the environment', () => {
    const config = loadConfig(
      { PORT: '4000', PUBLIC_URL: 'https://chat.example.com/', LOG_LEVEL: 'debug' },
      { PORT: '5000', DATABASE_URL: 'postgres://u:p@db:5432/wac' },
    );
    expect(config.port).toBe(5000);
    expect(config.publicUrl).toBe('https://chat.example.com');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/wac');
    expect(config.logLevel).toBe('debug');
    expect(config.whatsapp.apiUrl).toBe('https://chat.example.com/sandbox/graph');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      DATABASE_URL: 'mysql://localhost/db',
      ADMIN_PASSWORD: '123',
      ADMIN_EMAIL: 'admin-at-example',
      WHATSAPP_API_VERSION: '21',
      SMTP_URL: 'http://mail.example.com',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(8);
    const byVariable = Object.fromEntries(problems.map((p) => [p.split(':')[0], p]));
    expect(Object.keys(byVariable).sort()).toEqual(
      ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SMTP_URL', 'WHATSAPP_API_VERSION'].sort(),
    );
    expect(byVariable.DATABASE_URL).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    expect(byVariable.SMTP_URL).toContain('SMTP_URL must start with smtp:// or smtps://');
    expect(byVariable.LOG_LEVEL).toContain('LOG_LEVEL must be one of');
    expect(byVariable.ADMIN_PASSWORD).toContain('at least 6 characters');
  });

  it('says what is wrong in its message, one line a problem', () => {
    try {
      loadConfig({}, { PORT: '70000', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      const message = (err as Error).message;
      expect(message.split('\n')[0]).toBe('Invalid configuration:');
      expect(message).toMatch(/\n {2}- PORT: /);
      expect(message).toMatch(/\n {2}- LOG_LEVEL: /);
    }
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses a TRUST_PROXY that would trust any X-Forwarded-For, or that it cannot read', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1']) {
      const [problem] = problemsOf({ TRUST_PROXY: value });
      expect(problem).toMatch(/^TRUST_PROXY: TRUST_PROXY must be a hop count/);
      expect(problem).toContain(value.toLowerCase());
    }
  });

  it("gives the sandbox's Graph API a token of its own rather than a constant", () => {
    const first = loadConfig({}).whatsapp.accessToken;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe('sandbox-access-token');
    expect(loadConfig({}).whatsapp.accessToken).not.toBe(first);
    expect(loadConfig({ WHATSAPP_ACCESS_TOKEN: 'EAAG-real' }).whatsapp.accessToken).toBe('EAAG-real');
  });
});
