import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';

const SECRETS = [
  'Bearer s3cr3t-session-token',
  'hunter2-password',
  'reset-token-abc123',
  'new-pass-xyz',
  'cur-pass-xyz',
  'wac_live_key_999',
  'meta-verify-token-777',
  'f00dfeedsignature',
];

function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions('trace') as pino.LoggerOptions;
  return { log: pino(options, stream), output: () => lines.join('') };
}

function expectNoSecrets(output: string) {
  expect(output.length).toBeGreaterThan(0);
  for (const secret of SECRETS) expect(output).not.toContain(secret);
}

describe('loggerOptions', () => {
  it('never prints the authorization header, nor a password or token in a request', () => {
    const { log, output } = capturedLogger();
    const req = {
      method: 'POST',
      url: '/api/auth/reset-password?token=reset-token-abc123',
      ip: '127.0.0.1',
      headers: { authorization: 'Bearer s3cr3t-session-token', 'x-api-key': 'wac_live_key_999', cookie: 'sid=hunter2-password' },
      body: { password: 'hunter2-password', token: 'reset-token-abc123', newPassword: 'new-pass-xyz' },
    };
    log.info({ req }, 'incoming request');
    expectNoSecrets(output());
    expect(output()).toContain('/api/auth/reset-password?token=[redacted]');
  });

  it("never prints Meta's verify token nor a media link's signature from a URL", () => {
    const { log, output } = capturedLogger();
    const urls = [
      '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=meta-verify-token-777&hub.challenge=1',
      '/api/webhooks/whatsapp?hub.verify_token=meta-verify-token-777',
      '/api/media/7/file?expires=1700000000000&signature=f00dfeedsignature&download=1',
    ];
    for (const url of urls) log.info({ req: { method: 'GET', url, ip: '127.0.0.1', headers: {} } }, 'incoming request');
    expectNoSecrets(output());
    expect(output()).toContain('hub.verify_token=[redacted]&hub.challenge=1');
    expect(output()).toContain('/api/media/7/file?expires=1700000000000&signature=[redacted]&download=1');
  });

  it('redacts secrets wherever they sit in a logged object', () => {
    const { log, output } = capturedLogger();
    log.info({ body: { password: 'hunter2-password', newPassword: 'new-pass-xyz', currentPassword: 'cur-pass-xyz' } }, 'body');
    log.info({ headers: { authorization: 'Bearer s3cr3t-session-token', 'x-api-key': 'wac_live_key_999' } }, 'headers');
    log.info({ request: { headers: { authorization: 'Bearer s3cr3t-session-token' }, body: { token: 'reset-token-abc123' } } }, 'nested');
    log.info({ user: { name: 'a', credentials: { password: 'hunter2-password', apiKey: 'wac_live_key_999' } } }, 'deep');
    log.info({ password: 'hunter2-password', token: 'reset-token-abc123' }, 'top level');
    expectNoSecrets(output());
    expect(output()).toContain('[redacted]');
  });

  it('keeps what is useful', () => {
    const { log, output } = capturedLogger();
    log.info({ req: { method: 'GET', url: '/api/activities?limit=10', ip: '10.0.0.1', headers: {} } }, 'incoming request');
    const line = JSON.parse(output());
    expect(line.req).toEqual({ method: 'GET', url: '/api/activities?limit=10', ip: '10.0.0.1' });
  });
});
