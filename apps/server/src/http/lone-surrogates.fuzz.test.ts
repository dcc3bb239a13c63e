import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loneSurrogatePath } from './json-body.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}

const LONE = '\\ud800';
const LOW_ALONE = '\\udfff';

/** A JSON body shaped by the schema, every string a lone surrogate (escaped, as a client sends it), objects with one more. */
function fuzzedJson(schema: JsonSchema | undefined, surrogate: string): string {
  const variants = schema?.anyOf ?? schema?.oneOf;
  if (variants?.[0]) return fuzzedJson(variants[0], surrogate);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'object' || schema?.properties) {
    const fields = Object.entries(schema?.properties ?? {}).map(([k, v]) => `${JSON.stringify(k)}:${fuzzedJson(v, surrogate)}`);
    return `{${[...fields, `"extra":"${surrogate}"`].join(',')}}`;
  }
  if (type === 'array') return `[${fuzzedJson(schema?.items, surrogate)}]`;
  if (type === 'number' || type === 'integer') return '1';
  if (type === 'boolean') return 'true';
  return `"a${surrogate}b"`;
}

let t: TestApp;
let admin: string;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1'), op })),
  );
});
afterAll(() => t.close());

describe('lone UTF-16 surrogates in requests', () => {
  it('finds them in keys and values at any depth', () => {
    expect(loneSurrogatePath({ a: [{ b: 'ok' }, { c: 'x\ud800' }] })).toEqual(['a', '1', 'c']);
    expect(loneSurrogatePath({ 'k\udc00': 1 })).toEqual(['k\udc00']);
    expect(loneSurrogatePath({ emoji: '😀', text: 'fine' })).toBeNull();
  });

  it('answers the sign-in with a lone surrogate in the username with 400, naming the field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"ad${LONE}min","password":"x"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Text must be valid Unicode: a lone surrogate was found (body username)',
      code: 'VALIDATION_ERROR',
    });
  });

  it('answers every route taking a JSON body with a 4xx, signed in or not', async () => {
    const withBody = operations.filter(({ op }) => op.requestBody?.content?.['application/json']);
    expect(withBody.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { method, path, op } of withBody) {
      for (const surrogate of [LONE, LOW_ALONE]) {
        for (const token of [undefined, admin]) {
          const payload = fuzzedJson(op.requestBody?.content?.['application/json']?.schema, surrogate);
          const res = await t.request({
            method: method as 'POST',
            url: path,
            token,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          if (res.statusCode < 400 || res.statusCode >= 500)
            failures.push(`${method} ${path} ${token ? 'as admin' : 'signed out'}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 500 to a lone surrogate or broken UTF-8 in a query string or path', async () => {
    const failures: string[] = [];
    for (const { path, op } of operations.filter((o) => o.method === 'GET')) {
      const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const bad of ['%ED%A0%80', '%uD800', '%FF', 'a%00b']) {
        const query = (names.length ? names : ['q']).map((n) => `${encodeURIComponent(n)}=${bad}`).join('&');
        const res = await t.request({ method: 'GET', url: `${path}?${query}`, token: admin });
        if (res.statusCode >= 500) failures.push(`GET ${path}?${query}: ${res.statusCode} ${res.body}`);
      }
      if (path.includes('/1')) {
        const res = await t.request({ method: 'GET', url: path.replace('/1', '/%ED%A0%80'), token: admin });
        if (res.statusCode >= 500) failures.push(`GET ${path} with a broken id: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
