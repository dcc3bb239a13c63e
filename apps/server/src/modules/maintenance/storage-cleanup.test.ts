import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CleanupPreview } from '@wac/contract/cleanup';
import { describe, expect, it } from 'vitest';
import { cleanupTestKit } from './test/cleanup-api.ts';
import { daysAgo, storedFile } from './test/maintenance-seed.ts';

const kit = cleanupTestKit('storage');

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await kit.t.ctx.database.pool.query<T>(text, values)).rows;
const stored = (folder: string, key: string) => existsSync(path.join(kit.t.dataDir, folder, key));
const tallyOf = (items: { name: string; count: number; bytes: number }[]) =>
  Object.fromEntries(items.map((item) => [item.name, [item.count, item.bytes]]));

/** An upload kept to send as template header media, `days` old, its file as old. */
async function upload(days: number, bytes: number) {
  const at = daysAgo(days);
  const key = await storedFile(kit.t.dataDir, 'uploads', at, bytes);
  const id = `up-${key.slice(8, 16)}`;
  await query(
    `INSERT INTO template_uploads (id, filename, mime_type, format, size, sha256, storage_key, created_at)
     VALUES ($1, 'header.jpg', 'image/jpeg', 'IMAGE', $2, 'x', $3, $4)`,
    [id, bytes, key, at],
  );
  return { id, key };
}

describe('a storage cleanup', () => {
  it('deletes old files nothing newer uses, and strays, exactly as previewed; the chat says the media was removed', async () => {
    const { conversationId } = await kit.seed.conversation();
    const oldPicture = await kit.seed.pictureMessage(conversationId, 40, 1000);
    const recentPicture = await kit.seed.pictureMessage(conversationId, 2, 2000);
    // A file 40 days old that a message of yesterday still refers to (sent again from the media library).
    const reused = await kit.seed.pictureMessage(conversationId, 40, 4000);
    const resent = await kit.seed.message({ conversationId, direction: 'outbound', at: daysAgo(1), type: 'image' });
    await query(
      `INSERT INTO media_files (message_id, direction, kind, file_size, storage_key, status) VALUES ($1, 'outbound', 'image', 4000, $2, 'ready')`,
      [resent, reused.key],
    );
    const stray = await storedFile(kit.t.dataDir, 'media_storage', daysAgo(50), 300);
    const freshStray = await storedFile(kit.t.dataDir, 'media_storage', new Date(Date.now() - 10 * 60_000), 50);
    const incoming = await storedFile(kit.t.dataDir, 'media_storage', daysAgo(31), 70, '.incoming/cut-short');
    const oldUpload = await upload(60, 500);
    const campaignUpload = await upload(60, 600);
    await query(
      `INSERT INTO campaigns (name, template_name, template_language, status, components, updated_at)
       VALUES ('autumn', 'promo', 'en_US', 'scheduled', $1, now() - interval '60 days')`,
      [JSON.stringify([{ type: 'header', parameters: [{ type: 'image', image: { uploadId: campaignUpload.id } }] }])],
    );
    // Read as the licence screen reads it, from its cache: the cleanup must clear it.
    const licenceStorage = async () => (await kit.t.request({ method: 'GET', url: '/api/license/storage', token: kit.admin })).json();
    const usedBefore = (
      await kit.t.request({ method: 'GET', url: '/api/license/storage', query: { refresh: 'true' }, token: kit.admin })
    ).json();
    expect(await licenceStorage()).toMatchObject({ directories: usedBefore.directories });

    // The stray of ten minutes ago is left whatever the cut-off: it may be a download in flight.
    const preview = await kit.api.preview({ days: '30' });
    expect(preview.statusCode).toBe(200);
    const expected = { media_storage: [3, 1000 + 300 + 70], uploads: [1, 500] };
    expect(tallyOf(preview.json<CleanupPreview>().items)).toEqual(expected);

    const dry = await kit.api.run({ days: 30, dryRun: true });
    expect(tallyOf(dry.items)).toEqual(expected);
    expect(stored('media_storage', oldPicture.key)).toBe(true);

    const run = await kit.api.run({ days: 30 });
    expect(run).toMatchObject({ status: 'completed', error: null });
    expect(tallyOf(run.items)).toEqual(expected);
    expect([oldPicture.key, stray, incoming].map((key) => stored('media_storage', key))).toEqual([false, false, false]);
    expect([recentPicture.key, reused.key, freshStray].map((key) => stored('media_storage', key))).toEqual([true, true, true]);
    expect([stored('uploads', oldUpload.key), stored('uploads', campaignUpload.key)]).toEqual([false, true]);
    expect(await query('SELECT id FROM template_uploads ORDER BY id')).toEqual([{ id: campaignUpload.id }]);

    // The message keeps its row, which now says when its file was removed.
    const [removed] = await query<{ status: string; storage_key: string | null; removed_at: Date | null }>(
      'SELECT status, storage_key, removed_at FROM media_files WHERE message_id = $1',
      [oldPicture.messageId],
    );
    expect(removed).toMatchObject({ status: 'removed', storage_key: null });
    expect(removed?.removed_at).toBeInstanceOf(Date);

    // The licence's storage figure dropped by what went.
    const usedAfter = await licenceStorage();
    expect(
      usedBefore.directories.find((d: { name: string }) => d.name === 'media_storage').bytes -
        usedAfter.directories.find((d: { name: string }) => d.name === 'media_storage').bytes,
    ).toBe(1370);

    const [recorded] = await query<{ data: { details: string } }>(
      "SELECT data FROM activities WHERE type = 'storage_cleanup' ORDER BY id DESC LIMIT 1",
    );
    expect(recorded?.data.details).toBe('deleted 3 files from media_storage (1.3 KB), 1 files from uploads (500 B)');
  });

  it('refuses bad input and deletes nothing', async () => {
    for (const [payload, field] of [
      [{ days: -5 }, 'days'],
      [{ directories: ['../postgres'] }, 'directories'],
      [{ directories: ['media_storage', 'postgres'] }, 'directories'],
      [{ dryRun: 1 }, 'dryRun'],
    ] as const) {
      const res = await kit.api.start(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(field);
    }
    expect((await kit.api.preview({ directories: 'media_storage,..' })).statusCode).toBe(400);
  });
});
