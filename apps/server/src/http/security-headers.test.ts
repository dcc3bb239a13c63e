import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let plain: TestApp;
let secure: TestApp;
beforeAll(async () => {
  [plain, secure] = await Promise.all([
    createTestApp({ domains: ['health'], env: { PUBLIC_URL: 'http://127.0.0.1:3999' } }),
    createTestApp({ domains: ['health'], env: { PUBLIC_URL: 'https://chat.example.com' } }),
  ]);
});
afterAll(() => Promise.all([plain.close(), secure.close()]));

function directives(header: string | string[] | number | undefined): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('puts the console under a strict Content-Security-Policy on every answer, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/login']) {
      const res = await plain.request({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toBe("'self'");
      expect(csp['style-src']).toBe("'self'");
      expect(csp['default-src']).toBe("'self'");
      expect(csp['connect-src']).toBe("'self' ws://127.0.0.1:3999");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['object-src']).toBe("'none'");
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('adds HSTS and secure websockets when PUBLIC_URL is https', async () => {
    const res = await secure.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['connect-src']).toBe("'self' wss://chat.example.com");
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });

  it('relaxes only the styles of the API docs page, which Swagger UI sets inline', async () => {
    const res = await plain.request({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
  });
});
