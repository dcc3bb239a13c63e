import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { loadMediaLinks, type MediaLinks } from './media-links.ts';
import { mediaFileOfMessage, sendAsCustomer, uploadSandboxMedia } from './test/sandbox-media.ts';

let t: ListeningTestApp;
let admin: string;
let links: MediaLinks;

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging'] });
  admin = await t.adminToken();
  links = await loadMediaLinks(t.ctx.database.db, createSecretBox(t.dataDir));
});
afterAll(() => t.close());

const SANDBOX_CSP = "sandbox; default-src 'none'";
const html = Buffer.from('<!doctype html><title>Invoice</title><script>fetch("/api/users").then(r => r.text()).then(alert)</script>');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
/** A real 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** An MP4 as players meet it: an ftyp box first. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\x02\0isommp42', 'binary'), Buffer.alloc(976, 3)]);

let nextPhone = 0;
/** A customer sends `bytes` declared as `mimeType` through the sandbox; answers the signed link once it is downloaded. */
async function received(type: string, bytes: Buffer, mimeType: string, filename: string): Promise<string> {
  const media = await uploadSandboxMedia(t.baseUrl, admin, bytes, mimeType, filename);
  nextPhone += 1;
  const wamid = await sendAsCustomer(t.baseUrl, admin, { from: `44770090070${nextPhone}`, type, mediaId: media.id, filename });
  const message = await eventually(() => whatsappTables(t.ctx.database.db).message(wamid));
  const row = await eventually(async () => {
    const r = await mediaFileOfMessage(t.ctx.database.db, message.id);
    return r?.status === 'ready' ? r : null;
  });
  expect(row.mimeType).toBe(mimeType);
  return links.url(row.id);
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${url}`, { headers });

function expectAttachment(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/octet-stream');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
  expect(res.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('files customers send, served from the console’s origin', () => {
  it('serves an HTML document and an SVG image as opaque attachments under the sandbox CSP, never as pages', async () => {
    for (const url of [
      await received('document', html, 'text/html', 'invoice.html'),
      await received('image', svg, 'image/svg+xml', 'logo.svg'),
    ]) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expectAttachment(res);
      expect(await res.text()).toContain('<script>');
    }
  });

  it('serves a PNG inline as image/png only when its bytes are PNG', async () => {
    const real = await get(await received('image', png, 'image/png', 'box.png'));
    expect(real.status).toBe(200);
    expect(real.headers.get('content-type')).toBe('image/png');
    expect(real.headers.get('content-disposition')).toMatch(/^inline; filename="image-\d+\.png"/);
    expect(real.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
    expect(Buffer.from(await real.arrayBuffer()).equals(png)).toBe(true);

    const disguised = await get(await received('image', html, 'image/png', 'photo.png'));
    expect(disguised.status).toBe(200);
    expectAttachment(disguised);
  });

  it('still answers byte ranges of inline video, with the same headers on 206 and 416', async () => {
    const url = await received('video', mp4, 'video/mp4', 'clip.mp4');
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-disposition')).toMatch(/^inline/);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(part.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(100, 200))).toBe(true);

    const beyond = await get(url, { range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
    expect(beyond.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends the sandbox CSP and nosniff on refusals too', async () => {
    for (const url of [links.url(999_999), '/api/media/1/file?expires=1&signature=abc', `${links.url(1)}0`]) {
      const res = await get(url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
