import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domains: ['activities'] });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('gives an unknown API route a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['DELETE', '/api/activities'],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: `Route ${method} ${url.split('?')[0]} not found`, code: 'NOT_FOUND' });
    }
  });

  it('gives text holding U+0000 and numbers beyond a column a 400 that says so, storing nothing', async () => {
    const token = await t.login(ADMIN.username, ADMIN.password);
    const post = (payload: object) => t.request({ method: 'POST', url: '/api/activities', token, payload });
    const count = async () => (await t.request({ method: 'GET', url: '/api/activities?type=nul_check', token })).json().activities.length;
    const nul = await post({ type: 'nul_check', data: { note: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: 'Text must not contain NUL (\\u0000) characters', code: 'VALIDATION_ERROR' });
    const big = await post({ type: 'nul_check', userId: 3_000_000_000 });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ error: 'A number is too large', code: 'VALIDATION_ERROR' });
    expect(await count()).toBe(0);
  });

  it('gives a malformed JSON body a 400, not a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });
  });

  it('gives an empty JSON body and a wrong content type a 4xx with a message', async () => {
    const empty = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual(expect.any(String));
    const xml = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toEqual(expect.any(String));
  });

  it('gives a JSON body of the wrong shape a 400 naming the field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: [1, 2, 3] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    const wrongType = await t.request({ method: 'POST', url: '/api/login', payload: { username: 42, password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toContain('username');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('answers 401 with a message for a missing or unknown bearer token', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/activities' });
    expect(missing.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    const bad = await t.request({ method: 'GET', url: '/api/activities', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    const malformed = await t.request({ method: 'GET', url: '/api/activities', headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
  });
});
