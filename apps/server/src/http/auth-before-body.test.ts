import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  agent = await addUser(t, { username: 'body-agent' });
});
afterAll(() => t.close());

/** Routes anyone may call, or that check a signature or link of their own rather than a session or an API key. */
const publicRoutes = new Set([
  'get /api/health',
  'get /api/app/public',
  'get /api/email/verification-required',
  'post /api/login',
  'post /api/validate-token',
  'post /api/auth/forgot-password',
  'post /api/auth/resend-verification',
  'post /api/auth/reset-password',
  'post /api/auth/verify-email',
  'get /api/webhooks/whatsapp',
  // Meta's signature covers the raw body, so it is read (within its own limit) to be checked.
  'post /api/webhooks/whatsapp',
  'get /api/media/{id}/file',
]);

/** More than the 2 MB body limit, and not JSON: parsing it would answer 413 or 400. */
const garbage = `{${'x'.repeat(2 * 1024 * 1024 + 10)}`;

async function documentedRoutes(): Promise<{ method: string; path: string }[]> {
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })));
}

const call = (method: string, path: string, token?: string) =>
  t.request({
    method: method.toUpperCase() as 'POST',
    // Ids, queries and bodies that would all be refused if they were read.
    url: `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?page=x&limit=-1&phone=x`,
    headers: { 'content-type': 'application/json' },
    ...(method === 'get' ? {} : { payload: garbage }),
    token,
  });

describe('routes that need a session or a key', () => {
  it('answer 401 to a caller without one before reading the body or the query: an oversized garbage body is not parsed', async () => {
    const routes = await documentedRoutes();
    // The sandbox's control and simulator routes are among them (the test app runs the sandbox).
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /sandbox/control/inbound', 'post /sandbox/control/media', 'get /sandbox/control/conversation']),
    );
    const answers = await Promise.all(
      routes
        .filter((r) => !publicRoutes.has(`${r.method} ${r.path}`))
        .map(async (r) => `${r.method} ${r.path} ${(await call(r.method, r.path)).statusCode}`),
    );
    expect(answers.filter((a) => !a.endsWith(' 401'))).toEqual([]);
  });

  it('answer 403 to an agent on admin-only ones before reading the body', async () => {
    for (const [method, path] of [
      ['post', '/sandbox/control/inbound'],
      ['post', '/sandbox/control/fail-next'],
      ['post', '/sandbox/control/media'],
      ['put', '/sandbox/control/messaging-limit-tier'],
      ['get', '/sandbox/control/conversation'],
      ['get', '/api/webhooks/whatsapp/health'],
      ['post', '/api/templates'],
    ] as const) {
      expect((await call(method, path, agent.token)).statusCode, `${method} ${path}`).toBe(403);
    }
  });
});
