import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { createListeningTestApp, eventually, type ListeningTestApp, postWebhook } from '../../whatsapp/test/listening-test-app.ts';
import { signPayload } from '../../whatsapp/webhook-signature.ts';

const SECRET = 'app-secret-for-tests';
let t: ListeningTestApp;
let tables: ReturnType<typeof whatsappTables>;

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging'], env: { WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: 'verify-me' } });
  tables = whatsappTables(t.ctx.database.db);
});
afterAll(() => t.close());

const handshake = (query: string) => fetch(`${t.baseUrl}/api/webhooks/whatsapp?${query}`);
const ignored = {
  object: 'whatsapp_business_account',
  entry: [{ id: '1', changes: [{ field: 'account_update', value: { event: 'X' } }] }],
};

describe('webhook verification handshake', () => {
  it('echoes hub.challenge as text for the right verify token', async () => {
    const res = await handshake('hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('1158201444');
  });

  it('answers 403 to a wrong token or mode', async () => {
    expect((await handshake('hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1')).status).toBe(403);
    expect((await handshake('hub.mode=unsubscribe&hub.verify_token=verify-me&hub.challenge=1')).status).toBe(403);
    expect((await handshake('')).status).toBe(403);
  });
});

describe('webhook signature', () => {
  const raw = JSON.stringify(ignored);

  it('refuses missing, malformed, wrong-secret and tampered signatures with 401 and stores nothing', async () => {
    const attempts = [
      postWebhook(t.baseUrl, raw, { signature: null }),
      postWebhook(t.baseUrl, raw, { signature: 'sha256=deadbeef' }),
      postWebhook(t.baseUrl, raw, { signature: signPayload(raw, SECRET).replace('sha256=', 'sha1=') }),
      postWebhook(t.baseUrl, raw, { secret: 'another-secret' }),
      postWebhook(t.baseUrl, raw.replace('"X"', '"Y"'), { signature: signPayload(raw, SECRET) }),
      // Same JSON, different bytes: the signature covers the raw body, not the parsed value.
      postWebhook(t.baseUrl, JSON.stringify(ignored, null, 2), { signature: signPayload(raw, SECRET) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await tables.events()).toHaveLength(0);
  });

  it('answers 400 to malformed JSON with a valid signature, storing nothing', async () => {
    for (const body of ['{"entry": [', '[1,2]', 'null']) {
      const res = await postWebhook(t.baseUrl, body, { secret: SECRET });
      expect(res.status).toBe(400);
    }
    expect(await tables.events()).toHaveLength(0);
  });

  it('stores a well-signed event before answering 200, then marks an ignored type processed', async () => {
    const res = await postWebhook(t.baseUrl, raw, { secret: SECRET });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const [stored] = await tables.events();
    expect(stored?.payload).toEqual(ignored);
    await eventually(tables.allProcessed);
    expect((await tables.events())[0]).toMatchObject({ attempts: 1, error: null });
    expect(await tables.messages()).toHaveLength(0);
  });

  it('accepts bytes signed exactly as sent, including non-ASCII text', async () => {
    const body = `{"object":"page","entry":[{"note":"olá 👋 \\u00e9"}]}`;
    expect((await postWebhook(t.baseUrl, body, { secret: SECRET })).status).toBe(200);
  });
});

describe('webhook payload bytes', () => {
  it('keeps an event whose text carries an escaped NUL, which PostgreSQL jsonb cannot store', async () => {
    const body = '{"object":"whatsapp_business_account","entry":[],"note":"a\\u0000b"}';
    const res = await postWebhook(t.baseUrl, body, { secret: SECRET });
    expect(res.status).toBe(200);
    const events = await tables.events();
    expect(events.at(-1)?.payload).toMatchObject({ note: 'ab' });
  });

  it('keeps an event carrying a lone UTF-16 surrogate, replaced, and a valid pair as it is', async () => {
    const body = '{"object":"whatsapp_business_account","entry":[],"note":"x\\ud800y","emoji":"\\ud83d\\ude00"}';
    const res = await postWebhook(t.baseUrl, body, { secret: SECRET });
    expect(res.status).toBe(200);
    const events = await tables.events();
    expect(events.at(-1)?.payload).toMatchObject({ note: 'x\uFFFDy', emoji: '😀' });
  });
});

describe('API documentation', () => {
  it('lists the webhook, its health, the media, report and channel routes, and the sandbox controls', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    const paths = Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/webhooks/whatsapp',
        '/api/webhooks/whatsapp/health',
        '/api/whatsapp/status',
        '/api/media',
        '/api/media/{id}/file',
        '/api/reports/conversations',
        '/api/reports/conversations/export',
        '/sandbox/control/fail-next',
        '/sandbox/control/inbound',
      ]),
    );
  });
});

describe('bad signatures from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ domains: ['messaging'], env: { WHATSAPP_APP_SECRET: SECRET, RATE_LIMIT_WEBHOOK_SIGNATURE: '2' } });
  });
  afterAll(() => limited.close());

  const deliver = (remoteAddress: string, signature: string) =>
    limited.request({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      payload: JSON.stringify(ignored),
    });

  it('answer 429 with Retry-After past the limit, without counting them in the health panel, while good signatures still pass', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await deliver('10.9.0.1', 'sha256=00')).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429]);
    const refused = await deliver('10.9.0.1', 'sha256=00');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const counted = await limited.ctx.database.pool.query('SELECT coalesce(sum(count), 0)::int AS n FROM webhook_signature_failures');
    expect(counted.rows[0].n).toBe(2);
    expect((await deliver('10.9.0.1', signPayload(JSON.stringify(ignored), SECRET))).statusCode).toBe(200);
    expect((await deliver('10.9.0.2', 'sha256=00')).statusCode).toBe(401);
  });
});
