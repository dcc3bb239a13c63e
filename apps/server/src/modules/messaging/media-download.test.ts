import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaProcessedEventSchema } from '@wac/contract/whatsapp-events';
import { describe, expect, it } from 'vitest';
import { whatsappTables } from '../../whatsapp/test/db-queries.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { liveTestApp } from '../../whatsapp/test/live-test-app.ts';
import { mediaFileOfMessage, sendAsCustomer, uploadSandboxMedia } from './test/sandbox-media.ts';

let tables: ReturnType<typeof whatsappTables>;
let agentToken: string;
const { t, log } = liveTestApp(
  async (app) => {
    tables = whatsappTables(app.ctx.database.db);
    agentToken = (await app.createUser({ username: 'media-agent' })).token;
    return agentToken;
  },
  { domains: ['messaging'] },
);

const processedEvents = (messageId: number) =>
  log.events.filter((e) => e.event === 'whatsapp_media_processed' && e.payload.messageId === messageId).map((e) => e.payload);

async function readyFile(messageId: number) {
  return eventually(async () => {
    const row = await mediaFileOfMessage(t.ctx.database.db, messageId);
    return row?.status === 'ready' ? row : null;
  });
}

describe('inbound media from a signed webhook', () => {
  it('is downloaded at once, checked, stored under DATA_DIR/media_storage and announced to every agent', async () => {
    const bytes = Buffer.from(`\x89PNG\r\n\x1a\n${'pixels '.repeat(500)}`);
    const admin = await t.adminToken();
    const uploaded = await uploadSandboxMedia(t.baseUrl, admin, bytes, 'image/png', 'box.png');
    const wamid = await sendAsCustomer(t.baseUrl, admin, {
      from: '447700900400',
      name: 'Leo',
      type: 'image',
      mediaId: uploaded.id,
      caption: 'Broken box',
    });
    const message = await eventually(() => tables.message(wamid));

    const row = await readyFile(message.id);
    expect(row).toMatchObject({
      direction: 'inbound',
      kind: 'image',
      metaMediaId: uploaded.id,
      mimeType: 'image/png',
      fileSize: bytes.length,
      sha256: uploaded.sha256,
      attempts: 1,
      error: null,
    });
    const stored = await readFile(path.join(t.dataDir, 'media_storage', row.storageKey ?? ''));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(uploaded.sha256);
    expect(row.storageKey).toMatch(/\.png$/);

    await eventually(async () => processedEvents(message.id).length === 1);
    const event = mediaProcessedEventSchema.parse(processedEvents(message.id)[0]);
    expect(event).toMatchObject({
      messageId: message.id,
      conversationId: message.conversationId,
      media: { id: row.id, kind: 'image', status: 'ready', mimeType: 'image/png', fileSize: bytes.length, sha256: uploaded.sha256 },
    });
    const file = await fetch(`${t.baseUrl}${event.media.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('is fetched again after a failed download, and announced once when it lands', async () => {
    const admin = await t.adminToken();
    const failNext = await fetch(`${t.baseUrl}/sandbox/control/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ code: 1, httpStatus: 500, message: 'An unknown error occurred', target: 'media_download' }),
    });
    expect(failNext.status).toBe(200);
    const bytes = Buffer.from('%PDF-1.4 invoice 1042');
    const uploaded = await uploadSandboxMedia(t.baseUrl, admin, bytes, 'application/pdf', 'invoice-1042.pdf');
    const wamid = await sendAsCustomer(t.baseUrl, admin, { from: '447700900401', type: 'document', mediaId: uploaded.id });
    const message = await eventually(() => tables.message(wamid));

    const failedOnce = await eventually(async () => {
      const row = await mediaFileOfMessage(t.ctx.database.db, message.id);
      return row?.attempts === 1 && row.error ? row : null;
    });
    expect(failedOnce.status).toBe('pending');
    expect(failedOnce.error).toContain('(1)');
    expect(processedEvents(message.id)).toHaveLength(0);

    const row = await readyFile(message.id);
    expect(row).toMatchObject({ attempts: 2, error: null, filename: 'invoice-1042.pdf', sha256: uploaded.sha256 });
    // Two seconds after the first failure, as the backoff says.
    expect(row.updatedAt.getTime() - failedOnce.updatedAt.getTime()).toBeGreaterThanOrEqual(1900);
    await eventually(async () => processedEvents(message.id).length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(processedEvents(message.id)).toHaveLength(1);
  });
});
