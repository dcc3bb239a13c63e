import { mediaListResponseSchema } from '@wac/contract/media-library';
import type { MediaKind } from '@wac/contract/whatsapp-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, messages, settings } from '../../db/schema.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createMediaStorage } from '../../storage/media-storage.ts';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { createMediaLinks, loadMediaLinks, type MediaLinks } from './media-links.ts';
import { storeOutbound } from './test/outbound.ts';
import { mediaFileOfMessage, sendAsCustomer, uploadSandboxMedia } from './test/sandbox-media.ts';

let t: ListeningTestApp;
let token: string;
let admin: string;
let links: MediaLinks;
// An MP4's ftyp box, then filler: served inline only because the bytes are a video.
const video = Buffer.concat([
  Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isommp42', 'binary'),
  Buffer.from(Array.from({ length: 976 }, (_, i) => i % 256)),
]);
const ids = { inImage: 0, outImage: 0, inAudio: 0, outVideo: 0, outDocument: 0, pending: 0 };
type Name = keyof typeof ids;

/** A file the business sent, stored as the send path stores it. */
async function seedOutbound(name: Name, kind: MediaKind, mimeType: string, bytes: Buffer, caption: string, filename: string | null = null) {
  const db = t.ctx.database.db;
  const stored = await createMediaStorage(t.dataDir).save(bytes, mimeType.split('/')[1]);
  const { message } = await storeOutbound(db, {
    phone: '447700900600',
    phoneNumberId: t.ctx.config.whatsapp.phoneNumberId,
    wamid: `wamid.${name}`,
  });
  await db
    .update(messages)
    .set({ type: kind, content: { text: caption, media: { id: `meta-${name}`, mimeType, sha256: stored.sha256, caption, filename } } })
    .where(eq(messages.id, message.id));
  const [row] = await db
    .insert(mediaFiles)
    .values({
      messageId: message.id,
      direction: 'outbound',
      kind,
      metaMediaId: `meta-${name}`,
      mimeType,
      fileSize: stored.size,
      sha256: stored.sha256,
      filename,
      storageKey: stored.key,
      status: 'ready',
    })
    .returning();
  ids[name] = row?.id ?? 0;
}

async function receive(name: Name, type: string, bytes: Buffer, mimeType: string, extra: Record<string, unknown>) {
  const media = await uploadSandboxMedia(t.baseUrl, admin, bytes, mimeType, `${name}.bin`);
  const wamid = await sendAsCustomer(t.baseUrl, admin, { from: '447700900601', name: 'Rita', type, mediaId: media.id, ...extra });
  const tables = whatsappTables(t.ctx.database.db);
  const message = await eventually(() => tables.message(wamid));
  const row = await eventually(async () => {
    const r = await mediaFileOfMessage(t.ctx.database.db, message.id);
    return r?.status === 'ready' ? r : null;
  });
  ids[name] = row.id;
}

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging'] });
  token = (await t.createUser({ username: 'library-agent' })).token;
  admin = await t.adminToken();
  links = await loadMediaLinks(t.ctx.database.db, createSecretBox(t.dataDir));
  // Oldest first: the library lists newest first.
  await receive('inImage', 'image', Buffer.from('in image'), 'image/jpeg', { caption: 'Dented corner' });
  await seedOutbound('outImage', 'image', 'image/png', Buffer.from('out image'), 'Replacement label');
  await receive('inAudio', 'audio', Buffer.from('OggS voice'), 'audio/ogg', {});
  await seedOutbound('outVideo', 'video', 'video/mp4', video, 'How to open it');
  await seedOutbound('outDocument', 'document', 'application/pdf', Buffer.from('%PDF'), 'Your invoice', 'Fatura março.pdf');
  const [pending] = await t.ctx.database.db
    .insert(mediaFiles)
    .values({ direction: 'inbound', kind: 'sticker', metaMediaId: '1', status: 'pending', nextAttemptAt: new Date(Date.now() + 3_600_000) })
    .returning();
  ids.pending = pending?.id ?? 0;
});
afterAll(() => t.close());

const list = async (query: string, auth: string | null = token) => {
  const res = await fetch(`${t.baseUrl}/api/media${query}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const listed = async (query: string) => mediaListResponseSchema.parse((await list(query)).body);

describe('GET /api/media', () => {
  it('lists media sent and received, newest first, with contact, caption and a signed link once ready', async () => {
    const { media, pagination } = await listed('');
    expect(media.map((m) => m.id)).toEqual([ids.pending, ids.outDocument, ids.outVideo, ids.inAudio, ids.outImage, ids.inImage]);
    expect(pagination).toEqual({ page: 1, limit: 24, total: 6, totalPages: 1 });
    const inImage = media.find((m) => m.id === ids.inImage);
    expect(inImage).toMatchObject({
      direction: 'inbound',
      kind: 'image',
      status: 'ready',
      caption: 'Dented corner',
      contact: { name: 'Rita', phone: '447700900601' },
    });
    expect(inImage?.url).toMatch(new RegExp(`^/api/media/${ids.inImage}/file\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(media.find((m) => m.id === ids.outDocument)).toMatchObject({
      direction: 'outbound',
      caption: 'Your invoice',
      filename: 'Fatura março.pdf',
      contact: { phone: '447700900600' },
    });
    expect(media.find((m) => m.id === ids.pending)).toMatchObject({ status: 'pending', url: null, contact: null, messageId: null });
  });

  it('filters by kind and direction, and pages', async () => {
    expect((await listed('?direction=inbound')).media.map((m) => m.id)).toEqual([ids.pending, ids.inAudio, ids.inImage]);
    expect((await listed('?kind=image')).media.map((m) => m.id)).toEqual([ids.outImage, ids.inImage]);
    expect((await listed('?kind=image&direction=outbound')).media.map((m) => m.id)).toEqual([ids.outImage]);
    const page2 = await listed('?limit=2&page=2');
    expect(page2.media.map((m) => m.id)).toEqual([ids.outVideo, ids.inAudio]);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 6, totalPages: 3 });
    expect((await listed('?limit=2&page=9')).media).toEqual([]);
  });

  it('refuses anonymous callers and names the bad filter', async () => {
    expect((await list('', null)).status).toBe(401);
    const bad = await list('?kind=gif');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('kind');
    expect((await list('?limit=500')).status).toBe(400);
  });
});

describe('GET /api/media/{id}/file', () => {
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${url}`, { headers });

  it('streams the file without a bearer, inline, with its type, length and a private cache for the link’s life', async () => {
    const res = await get(links.url(ids.outVideo));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(video)).toBe(true);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="video-\d+\.mp4"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const maxAge = Number(res.headers.get('cache-control')?.match(/^private, max-age=(\d+)$/)?.[1]);
    expect(maxAge).toBeGreaterThan(24 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(25 * 3600);
  });

  it('offers a download under the file’s own name', async () => {
    const res = await get(links.url(ids.outDocument, { download: true }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Fatura mar_o.pdf"; filename*=UTF-8''Fatura%20mar%C3%A7o.pdf`,
    );
    expect(await res.text()).toBe('%PDF');
  });

  it('answers a byte range, as video and audio players ask when seeking', async () => {
    const res = await get(links.url(ids.outVideo), { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(res.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    const tail = await get(links.url(ids.outVideo), { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(990))).toBe(true);
    const beyond = await get(links.url(ids.outVideo), { range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
  });

  it('refuses tampered, borrowed and expired links with 403', async () => {
    const good = links.url(ids.outVideo);
    const tampered = good.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    const borrowed = good.replace(`/media/${ids.outVideo}/`, `/media/${ids.outImage}/`);
    const [secret] = await t.ctx.database.db.select().from(settings).where(eq(settings.key, 'internal.media_link_secret'));
    const expired = createMediaLinks(String(secret?.value), () => Date.now() - 48 * 3_600_000).url(ids.outVideo);
    for (const url of [tampered, borrowed, expired]) {
      const res = await get(url);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('invalid or has expired') });
    }
  });

  it('answers 404 for files that are missing or not downloaded yet, and 400 for a malformed link', async () => {
    expect((await get(links.url(ids.pending))).status).toBe(404);
    expect((await get(links.url(999_999))).status).toBe(404);
    const malformed = await get(`/api/media/${ids.outVideo}/file?expires=1&signature=abc`);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toContain('signature');
  });
});
