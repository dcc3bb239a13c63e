import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudApiError, createCloudApiClient } from './cloud-api-client.ts';
import { createListeningTestApp, type ListeningTestApp } from './test/listening-test-app.ts';

let t: ListeningTestApp;
let baseUrl: string;
let adminToken: string;
const sleeps: number[] = [];

beforeAll(async () => {
  t = await createListeningTestApp();
  baseUrl = t.baseUrl;
  adminToken = await t.adminToken();
});
afterAll(() => t.close());

function client(accessToken = t.ctx.config.whatsapp.accessToken) {
  return createCloudApiClient({
    baseUrl: `${baseUrl}/sandbox/graph`,
    version: t.ctx.config.whatsapp.apiVersion,
    accessToken,
    phoneNumberId: t.ctx.config.whatsapp.phoneNumberId,
    retry: { sleep: async (ms) => void sleeps.push(ms) },
  });
}

const failNext = (body: Record<string, unknown>, token: string | null = adminToken) =>
  fetch(`${baseUrl}/sandbox/control/fail-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const graphPost = (path: string, payload: unknown) =>
  fetch(`${baseUrl}/sandbox/graph/v21.0/${t.ctx.config.whatsapp.phoneNumberId}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.ctx.config.whatsapp.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error;

describe('Cloud API client against the sandbox', () => {
  it('sends text and gets a wamid', async () => {
    const { wamid } = await client().sendText('+15551234567', 'Hello there', true);
    expect(wamid).toMatch(/^wamid\.[A-Za-z0-9_-]+$/);
  });

  it('answers sends in Meta shape', async () => {
    const res = await graphPost('messages', { messaging_product: 'whatsapp', to: '+15551234567', type: 'text', text: { body: 'hi' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+15551234567', wa_id: '15551234567' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
  });

  it('uploads media, sends it, and downloads the same bytes from its URL', async () => {
    const c = client();
    const bytes = Buffer.from('%PDF-1.4 sandbox test document');
    const { id } = await c.uploadMedia(bytes, 'application/pdf', 'invoice.pdf');
    expect(id).toMatch(/^\d{15,20}$/);
    const { wamid } = await c.sendMedia('15551234567', 'document', id, 'Your invoice', 'invoice.pdf');
    expect(wamid).toMatch(/^wamid\./);
    const info = await c.getMediaUrl(id);
    expect(info).toMatchObject({ id, mimeType: 'application/pdf', fileSize: bytes.length });
    expect(info.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(info.url.startsWith(baseUrl)).toBe(true);
    const downloaded = await c.downloadMedia(info.url);
    expect(downloaded.buffer.equals(bytes)).toBe(true);
    // The sandbox serves what a browser must not render (a PDF included) as an opaque attachment; the type comes from the media's details.
    expect(downloaded.mimeType).toBe('application/octet-stream');
    await expect(fetch(info.url)).resolves.toMatchObject({ status: 401 });
  });

  it('sends buttons, lists, reactions and read receipts', async () => {
    const c = client();
    const buttons = await c.sendButtons('15551234567', 'Pick one', [
      { id: 'yes', title: 'Yes' },
      { id: 'no', title: 'No' },
    ]);
    const list = await c.sendList('15551234567', 'Menu', 'Open', [{ title: 'Food', rows: [{ id: 'pizza', title: 'Pizza' }] }]);
    const reaction = await c.sendReaction('15551234567', buttons.wamid, '👍');
    expect([buttons, list, reaction].every((r) => r.wamid.startsWith('wamid.'))).toBe(true);
    await expect(c.markRead('wamid.inbound')).resolves.toBeUndefined();
  });

  it('refuses more than 3 buttons in Meta error shape, without retrying', async () => {
    sleeps.length = 0;
    const buttons = [1, 2, 3, 4].map((i) => ({ id: `b${i}`, title: `B${i}` }));
    const err = await client()
      .sendButtons('15551234567', 'Too many', buttons)
      .catch((e) => e);
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ httpStatus: 400, code: 100, title: 'Invalid parameter', kind: 'permanent' });
    expect(err.details).toContain('between 1 and 3');
    expect(sleeps).toEqual([]);
  });

  it('validates missing to and empty text body with code 100', async () => {
    const noTo = await graphPost('messages', { messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } });
    expect(noTo.status).toBe(400);
    expect(await errorOf(noTo)).toMatchObject({ code: 100, message: '(#100) The parameter to is required.', type: 'OAuthException' });
    const empty = await graphPost('messages', { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: '  ' } });
    expect(await errorOf(empty)).toMatchObject({ code: 100, fbtrace_id: expect.any(String) });
  });

  it('answers a bad token with 401 code 190 and an unknown phone number id with 400 code 100', async () => {
    const err = await client('wrong-token')
      .sendText('15551234567', 'hi')
      .catch((e) => e);
    expect(err).toMatchObject({ httpStatus: 401, code: 190, title: 'Access token has expired' });
    const res = await fetch(`${baseUrl}/sandbox/graph/v21.0/999/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.ctx.config.whatsapp.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '15551234567', text: { body: 'hi' } }),
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 100, type: 'GraphMethodException' });
  });

  it('retries a 429 rate limit and then succeeds', async () => {
    sleeps.length = 0;
    expect((await failNext({ code: 130429, httpStatus: 429, count: 1 })).status).toBe(200);
    const { wamid } = await client().sendText('15551234567', 'after the limit');
    expect(wamid).toMatch(/^wamid\./);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeLessThanOrEqual(250);
  });

  it('fails 131047 at once with the explanation from the contract table', async () => {
    sleeps.length = 0;
    await failNext({ code: 131047, httpStatus: 400, count: 1, message: 'Re-engagement message' });
    const err = await client()
      .sendText('15551234567', 'late reply')
      .catch((e) => e);
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ code: 131047, httpStatus: 400, kind: 'permanent', title: 'Re-engagement message' });
    expect(err.explanation).toContain('template');
    expect(sleeps).toEqual([]);
    // The queue held one failure only.
    await expect(client().sendText('15551234567', 'next')).resolves.toMatchObject({ wamid: expect.any(String) });
  });

  it('retries 500 twice and then succeeds, with growing capped backoff', async () => {
    sleeps.length = 0;
    await failNext({ code: 1, httpStatus: 500, count: 2 });
    await expect(client().sendText('15551234567', 'eventually')).resolves.toMatchObject({ wamid: expect.any(String) });
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeLessThanOrEqual(500);
  });

  it('gives up after the attempt budget on a lasting 503', async () => {
    sleeps.length = 0;
    await failNext({ code: 131000, httpStatus: 503, count: 10 });
    const err = await client()
      .sendText('15551234567', 'never')
      .catch((e) => e);
    expect(err).toMatchObject({ httpStatus: 503, code: 131000, kind: 'transient' });
    expect(sleeps).toHaveLength(3);
    await failNext({ code: 1, httpStatus: 500, count: 0 });
  });

  it('answers malformed JSON with code 100 and accepts uploads above the JSON body limit', async () => {
    const res = await fetch(`${baseUrl}/sandbox/graph/v21.0/${t.ctx.config.whatsapp.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.ctx.config.whatsapp.accessToken}`, 'content-type': 'application/json' },
      body: '{"to":',
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 100 });
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const { id } = await client().uploadMedia(big, 'video/mp4', 'clip.mp4');
    expect(await client().getMediaUrl(id)).toMatchObject({ fileSize: big.length, mimeType: 'video/mp4' });
  });

  it('refuses a fail-next body that does not validate', async () => {
    const res = await failNext({ code: 'x', httpStatus: 200 });
    expect(res.status).toBe(400);
  });

  it('lets only admins queue failures', async () => {
    expect((await failNext({ code: 131047 }, null)).status).toBe(401);
    const agent = await t.createUser({ username: 'agent-fail-next' });
    expect((await failNext({ code: 131047 }, agent.token)).status).toBe(403);
  });
});
