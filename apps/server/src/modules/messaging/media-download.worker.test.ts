import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type MediaProcessedEvent, mediaProcessedEventSchema } from '@wac/contract/whatsapp-events';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/database.ts';
import { mediaFiles } from '../../db/schema.ts';
import { createDomainEvents } from '../../events/domain-events.ts';
import { createMediaStorage } from '../../storage/media-storage.ts';
import { cloudApiClientFor } from '../../whatsapp/cloud-api-client.ts';
import { inboundPayload, newWamid, type SandboxBusiness } from '../../whatsapp/sandbox/webhook-payloads.ts';
import { createListeningTestApp, eventually, type ListeningTestApp } from '../../whatsapp/test/listening-test-app.ts';
import { handleWebhookEvents } from './handle-webhook-events.ts';
import { createMediaDownloadWorker, type MediaDownloadOptions } from './media-download.worker.ts';
import { createMediaLinks } from './media-links.ts';
import { type UploadedMedia, uploadSandboxMedia } from './test/sandbox-media.ts';

// The sandbox of a running app plays Meta; the workers under test use a database of their own.
let meta: ListeningTestApp;
let database: Database;
let storageDir: string;
const business: SandboxBusiness = { wabaId: '200', phoneNumberId: '100', displayPhoneNumber: '15550001111' };
const log = pino({ level: 'silent' });

beforeAll(async () => {
  meta = await createListeningTestApp({ domains: ['messaging'] });
  database = await createFreshDatabase();
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'wac-media-worker-'));
});
afterAll(async () => {
  await database.close();
  await meta.close();
  await rm(storageDir, { recursive: true, force: true });
});

function worker(emitted: MediaProcessedEvent[], options: MediaDownloadOptions) {
  return createMediaDownloadWorker(
    {
      db: database.db,
      log,
      client: cloudApiClientFor(meta.ctx.config.whatsapp, { attempts: 1 }),
      storage: createMediaStorage(storageDir),
      links: createMediaLinks('secret'),
      onProcessed: (payload) => emitted.push(mediaProcessedEventSchema.parse(payload)),
    },
    options,
  );
}

/** A customer's image as a webhook would store it: the message and its pending file, in one transaction. */
async function receiveImage(media: UploadedMedia, sha256 = media.sha256) {
  const payload = inboundPayload(business, {
    from: '447700900500',
    wamid: newWamid(),
    message: { type: 'image', image: { id: media.id, mime_type: media.mimeType, sha256 } },
  });
  const outcome = await database.db.transaction((tx) => handleWebhookEvents(tx, [payload], { events: createDomainEvents() }));
  expect(outcome.mediaQueued).toBe(1);
}

const rows = () => database.db.select().from(mediaFiles);

describe('media download worker', () => {
  it('gives up after its attempts when the bytes never match Meta’s hash, and announces the failure', async () => {
    const media = await uploadSandboxMedia(meta.baseUrl, await meta.adminToken(), Buffer.from('real bytes'), 'image/jpeg', 'a.jpg');
    await receiveImage(media, 'f'.repeat(64));
    const emitted: MediaProcessedEvent[] = [];
    const w = worker(emitted, { backoffBaseMs: 30, maxAttempts: 3, intervalMs: 50 });
    w.start();
    const failed = await eventually(async () => (await rows()).find((r) => r.status === 'failed'));
    await new Promise((r) => setTimeout(r, 200));
    await w.stop();

    expect(failed).toMatchObject({ attempts: 3, storageKey: null, error: 'The downloaded file does not match the sha256 Meta gave' });
    expect(emitted).toEqual([
      expect.objectContaining({
        messageId: failed.messageId,
        media: expect.objectContaining({ id: failed.id, status: 'failed', url: null }),
      }),
    ]);
    expect(await readdir(storageDir)).toEqual([]);
    await database.db.delete(mediaFiles);
  });

  it('shares downloads between servers, each file fetched and announced exactly once', async () => {
    const token = await meta.adminToken();
    for (let i = 0; i < 12; i++) {
      await receiveImage(await uploadSandboxMedia(meta.baseUrl, token, Buffer.from(`photo ${i}`), 'image/jpeg', `p${i}.jpg`));
    }
    const emitted: MediaProcessedEvent[] = [];
    const servers = [worker(emitted, { concurrency: 2 }), worker(emitted, { concurrency: 3 })];
    for (const s of servers) s.start();
    await eventually(async () => (await rows()).every((r) => r.status === 'ready'));
    await Promise.all(servers.map((s) => s.stop()));

    const all = await rows();
    expect(all).toHaveLength(12);
    expect(all.every((r) => r.attempts === 1)).toBe(true);
    expect(new Set(all.map((r) => r.storageKey)).size).toBe(12);
    expect(emitted.map((e) => e.media.id).sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
    const root = path.join(storageDir, 'media_storage');
    const [month] = await readdir(root);
    expect(await readdir(path.join(root, month ?? ''))).toHaveLength(12);
  });
});
