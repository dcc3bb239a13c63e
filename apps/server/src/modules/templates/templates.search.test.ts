import type { Template } from '@wac/contract/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/seed-user.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { messageTemplates } from '../../db/schema.ts';
import { applyKey } from '../license/test/license-test-kit.ts';
import { mintKey, TEST_SECRET } from '../license/test/mint-key.ts';
import { orderDraft } from './test/template-test-kit.ts';

let t: TestApp;
let token: string;

const categories = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
const statuses = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED'] as const;
const languages = ['en_US', 'fr', 'pt_BR'] as const;

beforeAll(async () => {
  t = await createTestApp({ domains: ['templates'], env: { LICENSE_HMAC_SECRET: TEST_SECRET } });
  token = (await addUser(t, { username: 'search-agent' })).token;
  const base = Date.UTC(2025, 0, 1);
  // 60 templates; template i changed at base + i minutes, so the newest has the highest i.
  await t.ctx.database.db.insert(messageTemplates).values(
    Array.from({ length: 60 }, (_, i) => ({
      metaId: String(9_000_000 + i),
      name: i % 10 === 0 ? `promo_100%_${i}` : `notice_${String(i).padStart(2, '0')}`,
      language: languages[i % 3] as string,
      category: categories[i % 3] ?? 'UTILITY',
      status: statuses[i % 4] ?? 'APPROVED',
      components: [{ type: 'BODY', text: `Notice number ${i}` }],
      updatedAt: new Date(base + i * 60_000),
    })),
  );
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/templates/search${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { templates: Template[]; total: number; limit: number; offset: number };
}

describe('GET /api/templates/search', () => {
  it('pages the newest change first, 20 by default', async () => {
    const first = await search('');
    expect(first).toMatchObject({ total: 60, limit: 20, offset: 0 });
    expect(first.templates.map((x) => x.name).slice(0, 3)).toEqual(['notice_59', 'notice_58', 'notice_57']);
    const third = await search('?limit=25&offset=50');
    expect(third.templates).toHaveLength(10);
    expect(third.templates.at(-1)?.name).toBe('promo_100%_0');
  });

  it('filters by category, status and language together', async () => {
    const found = await search('?category=MARKETING&status=APPROVED&language=en_US');
    // i % 3 === 0 and i % 4 === 0: every twelfth.
    expect(found.total).toBe(5);
    expect(found.templates.every((x) => x.category === 'MARKETING' && x.status === 'APPROVED' && x.language === 'en_US')).toBe(true);
    expect(found.templates.every((x) => x.usable)).toBe(true);
    expect((await search('?status=PAUSED')).templates.every((x) => !x.usable)).toBe(true);
  });

  it('matches any part of the name, taking % and _ literally', async () => {
    // Unescaped, "0%_" would match every name with a 0 before its last character.
    expect((await search('?name=0%25_')).total).toBe(6);
    expect((await search('?name=tice_0')).templates.map((x) => x.name)).toEqual([
      'notice_09',
      'notice_08',
      'notice_07',
      'notice_06',
      'notice_05',
      'notice_04',
      'notice_03',
      'notice_02',
      'notice_01',
    ]);
    expect((await search('?name=nothing_like_it')).total).toBe(0);
  });

  it('refuses filters it does not know, naming the field', async () => {
    const res = await t.request({ method: 'GET', url: '/api/templates/search?status=LIVE&limit=500', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/\(query (status|limit)\)$/);
    const id = await t.request({ method: 'GET', url: '/api/templates/abc', token });
    expect(id.statusCode).toBe(400);
  });
});

describe('the templates feature of the licence', () => {
  it('closes every template route on a plan without it, and they reopen with it', async () => {
    expect((await applyKey(t, mintKey({ plan: 'basic', features: { templates: false } }))).statusCode).toBe(200);
    const admin = await t.adminToken();
    const refused = [
      await t.request({ method: 'GET', url: '/api/templates/search', token }),
      await t.request({ method: 'GET', url: '/api/templates/metadata/constants', token }),
      await t.request({
        method: 'POST',
        url: '/api/send-template',
        token,
        payload: { phone: '+447700900700', template_name: 'notice_01', language_code: 'fr' },
      }),
      await t.request({ method: 'POST', url: '/api/templates', token: admin, payload: orderDraft('gated') }),
      await t.request({ method: 'POST', url: '/api/templates/sync', token: admin }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', feature: 'templates' });
    }
    expect((await applyKey(t, mintKey({ plan: 'basic' }))).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/templates/search', token })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the template and template analytics routes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/templates',
        '/api/templates/{id}',
        '/api/templates/search',
        '/api/templates/metadata/constants',
        '/api/templates/sync',
        '/api/templates/upload-file',
        '/api/templates/upload-media',
        '/api/send-template',
        '/api/analytics/templates/messages',
      ]),
    );
  });
});
