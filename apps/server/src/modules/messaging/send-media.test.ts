import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ChatMessage } from '@wac/contract/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type SeededUser } from '../../../test/seed-user.ts';
import { mediaFiles } from '../../db/schema.ts';
import { createMediaStorage } from '../../storage/media-storage.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { customerLastWrote, customerWrites, failNextSend, HOUR_MS, messageRows, sandboxConversation } from './test/chat-test-kit.ts';

let t: ListeningTestApp;
let agent: SeededUser;

beforeAll(async () => {
  t = await createListeningTestApp({ domains: ['messaging'] });
  agent = await addUser(t, { username: 'media-agent' });
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const png = (size = 2048) => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(size - 8, 7)]);

function upload(fields: Record<string, string>, file?: { bytes: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(`${t.baseUrl}/api/agent/media`, { method: 'POST', headers: { authorization: `Bearer ${agent.token}` }, body: form });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'media_storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

const fileRow = async (messageId: number) =>
  (await t.ctx.database.db.select().from(mediaFiles).where(eq(mediaFiles.messageId, messageId)))[0];

describe('POST /api/agent/media', () => {
  it('keeps a copy, uploads it to Meta and sends it by media id with the caption', async () => {
    const customer = await customerWrites(t, { from: '447700900401', name: 'Pia', text: 'Can I see it?' });
    const bytes = png();
    const res = await upload({ recipientPhone: '447700900401', caption: 'Here it is' }, { bytes, type: 'image/png', name: 'photo.png' });
    expect(res.status).toBe(201);
    const message = ((await res.json()) as { message: ChatMessage }).message;
    expect(message).toMatchObject({
      conversationId: customer.conversationId,
      type: 'image',
      content: { text: 'Here it is', media: { mimeType: 'image/png', filename: 'photo.png', caption: 'Here it is' } },
      media: { kind: 'image', status: 'ready', mimeType: 'image/png', fileSize: bytes.length, filename: 'photo.png' },
      sender: { username: 'media-agent' },
    });
    expect(message.media?.url).toMatch(new RegExp(`^/api/media/${message.media?.id}/file\\?`));
    expect(message.wamid).toMatch(/^wamid\./);

    const row = await fileRow(message.id);
    expect(row).toMatchObject({ direction: 'outbound', sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(row?.metaMediaId).toBe(message.content.media?.id);
    expect(await createMediaStorage(t.dataDir).size(row?.storageKey as string)).toBe(bytes.length);

    const phone = await sandboxConversation(t, '447700900401');
    const sent = phone.messages.filter((m) => m.direction === 'to_customer');
    expect(sent).toMatchObject([{ type: 'image', text: 'Here it is', media: { id: row?.metaMediaId, mimeType: 'image/png' } }]);
    await eventually(async () => (await messageRows(t, customer.conversationId)).some((m) => m.id === message.id && m.status === 'read'));
  });

  it('takes the kind from the type field when given, else from the mime type', async () => {
    await customerWrites(t, { from: '447700900402', text: 'Send the invoice please' });
    const pdf = await upload(
      { recipientPhone: '447700900402' },
      { bytes: Buffer.from('%PDF-1.4 invoice'), type: 'application/pdf', name: 'invoice.pdf' },
    );
    expect(pdf.status).toBe(201);
    expect(((await pdf.json()) as { message: ChatMessage }).message).toMatchObject({ type: 'document', media: { kind: 'document' } });
    const asDocument = await upload(
      { recipientPhone: '447700900402', type: 'document' },
      { bytes: png(), type: 'image/png', name: 'scan.png' },
    );
    expect(asDocument.status).toBe(201);
    expect(((await asDocument.json()) as { message: ChatMessage }).message).toMatchObject({
      type: 'document',
      media: { kind: 'document' },
    });
    const sent = (await sandboxConversation(t, '447700900402')).messages.filter((m) => m.direction === 'to_customer');
    expect(sent.map((m) => [m.type, m.media?.filename])).toEqual([
      ['document', 'invoice.pdf'],
      ['document', 'scan.png'],
    ]);
  });

  it('refuses an oversized file before anything is stored or uploaded, naming the kind and its limit', async () => {
    const customer = await customerWrites(t, { from: '447700900403', text: 'Photo?' });
    const before = await storedFiles();
    const res = await upload({ recipientPhone: '447700900403' }, { bytes: png(5 * MB + 1), type: 'image/png', name: 'huge.png' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('File is too large: images may be at most 5 MB');
    const video = await upload(
      { recipientPhone: '447700900403' },
      { bytes: Buffer.alloc(16 * MB + 1, 1), type: 'video/mp4', name: 'clip.mp4' },
    );
    expect(((await video.json()) as { error: string }).error).toBe('File is too large: videos may be at most 16 MB');
    expect(await storedFiles()).toEqual(before);
    expect((await messageRows(t, customer.conversationId)).map((m) => m.direction)).toEqual(['inbound']);
    expect((await sandboxConversation(t, '447700900403')).messages.filter((m) => m.direction === 'to_customer')).toEqual([]);
  });

  it('answers 400 for an unsupported type, an empty or missing file, missing fields, or a request that is not multipart', async () => {
    await customerWrites(t, { from: '447700900404', text: 'Hi' });
    const expectRefusal = async (res: Response, text: string) => {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(text);
    };
    await expectRefusal(
      await upload({ recipientPhone: '447700900404' }, { bytes: Buffer.from('GIF89a'), type: 'image/gif', name: 'a.gif' }),
      'Unsupported file type image/gif: images must be JPEG or PNG',
    );
    await expectRefusal(
      await upload({ recipientPhone: '447700900404' }, { bytes: Buffer.alloc(0), type: 'image/png', name: 'empty.png' }),
      'file is empty',
    );
    await expectRefusal(await upload({ recipientPhone: '447700900404' }), 'file is required');
    await expectRefusal(await upload({}, { bytes: png(), type: 'image/png', name: 'p.png' }), 'recipientPhone is required');
    await expectRefusal(
      await upload({ recipientPhone: '447700900404', type: 'sticker' }, { bytes: png(), type: 'image/png', name: 'p.png' }),
      'type',
    );
    const json = await t.request({
      method: 'POST',
      url: '/api/agent/media',
      token: agent.token,
      payload: { recipientPhone: '447700900404' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toContain('multipart/form-data');
  });

  it('refuses outside the 24-hour window and keeps no file', async () => {
    const customer = await customerWrites(t, { from: '447700900405', text: 'Hi' });
    await customerLastWrote(t, customer.conversationId, new Date(Date.now() - 48 * HOUR_MS));
    const before = await storedFiles();
    const res = await upload({ recipientPhone: '447700900405' }, { bytes: png(), type: 'image/png', name: 'late.png' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('SERVICE_WINDOW_CLOSED');
    expect(await storedFiles()).toEqual(before);
    expect(await messageRows(t, customer.conversationId)).toHaveLength(1);
  });

  it('retries a failed media message by Meta’s id while valid, and uploads our copy again once it has expired', async () => {
    await customerWrites(t, { from: '447700900406', text: 'Hi' });
    const failedSend = async (name: string) => {
      await failNextSend(t, await t.adminToken(), { code: 131026 });
      const res = await upload({ recipientPhone: '447700900406', caption: name }, { bytes: png(), type: 'image/png', name });
      const message = ((await res.json()) as { message: ChatMessage }).message;
      expect(message).toMatchObject({ status: 'failed', error: { code: 131026 } });
      const uploaded = (await fileRow(message.id))?.metaMediaId;
      expect(uploaded).toBeTruthy();
      return { message, uploaded };
    };
    const retry = async (id: number) => {
      const res = await t.request({ method: 'POST', url: `/api/retry-message/${id}`, token: agent.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatchObject({ id, retryCount: 1, error: null });
      return res.json().message as ChatMessage;
    };

    const fresh = await failedSend('fresh.png');
    await retry(fresh.message.id);
    expect((await fileRow(fresh.message.id))?.metaMediaId).toBe(fresh.uploaded);

    const stale = await failedSend('stale.png');
    await t.ctx.database.db
      .update(mediaFiles)
      .set({ updatedAt: new Date(Date.now() - 31 * 24 * HOUR_MS) })
      .where(eq(mediaFiles.messageId, stale.message.id));
    const resent = await retry(stale.message.id);
    const reuploaded = (await fileRow(stale.message.id))?.metaMediaId;
    expect(reuploaded).not.toBe(stale.uploaded);
    expect(resent.content.media?.id).toBe(reuploaded);

    const sent = (await sandboxConversation(t, '447700900406')).messages.filter((m) => m.direction === 'to_customer');
    expect(sent.map((m) => [m.text, m.media?.id])).toEqual([
      ['fresh.png', fresh.uploaded],
      ['stale.png', reuploaded],
    ]);
  });

  it('streams the file to disk: the kept copy is the server’s alone, and no temporary file is left, sent or refused', async () => {
    await customerWrites(t, { from: '447700900407', text: 'Hi' });
    const bytes = png(300_000);
    const sent = await upload({ recipientPhone: '447700900407' }, { bytes, type: 'image/png', name: 'big.png' });
    expect(sent.status).toBe(201);
    const row = await fileRow(((await sent.json()) as { message: ChatMessage }).message.id);
    const kept = path.join(t.dataDir, 'media_storage', row?.storageKey ?? '');
    expect(
      createHash('sha256')
        .update(await readFile(kept))
        .digest('hex'),
    ).toBe(row?.sha256);
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    const refused = await upload({ recipientPhone: '447700900407' }, { bytes, type: 'image/gif', name: 'big.gif' });
    expect(refused.status).toBe(400);
    expect(await readdir(path.join(t.dataDir, 'media_storage', '.incoming'))).toEqual([]);
  });
});
