import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, constants as zlib } from 'node:zlib';
import type pg from 'pg';
import { rollupSeed } from '../../analytics/test/rollup-seed.ts';

/* Rows and files as the app stores them, seeded by SQL at chosen ages, for the maintenance tests. */

export const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Writes a file under DATA_DIR/<folder> last modified `at`; answers its key. */
export async function storedFile(dataDir: string, folder: 'media_storage' | 'uploads', at: Date, bytes = 100, key?: string) {
  const name = key ?? `${at.toISOString().slice(0, 7)}/${randomUUID()}.jpg`;
  const file = path.join(dataDir, folder, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(bytes, 7));
  await utimes(file, at, at);
  return name;
}

export function maintenanceSeed(pool: pg.Pool, dataDir: string) {
  const seed = rollupSeed(pool);
  return {
    ...seed,

    /** A message `days` old with a stored picture of `bytes`; answers the message id and the file's key. */
    async pictureMessage(conversationId: number, days: number, bytes = 100) {
      const at = daysAgo(days);
      const messageId = await seed.message({ conversationId, direction: 'inbound', at, type: 'image' });
      const key = await storedFile(dataDir, 'media_storage', at, bytes);
      await pool.query(
        `INSERT INTO media_files (message_id, direction, kind, mime_type, file_size, storage_key, status, created_at)
         VALUES ($1, 'inbound', 'image', 'image/jpeg', $2, $3, 'ready', $4)`,
        [messageId, bytes, key, at],
      );
      return { messageId, key };
    },

    /** An activity `days` old, read by `readBy` when given. */
    async activity(days: number, sourceType: 'auth' | 'system' | 'whatsapp' | 'user', readBy?: number) {
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO activities (type, source_type, data, created_at) VALUES ('login', $1, '{}', $2) RETURNING id`,
        [sourceType, daysAgo(days)],
      );
      const id = rows[0]?.id as number;
      if (readBy) await pool.query('INSERT INTO activity_reads (activity_id, user_id) VALUES ($1, $2)', [id, readBy]);
      return id;
    },

    /** An API key call `days` old answered with `status`. */
    async apiCall(keyId: number, days: number, status: number) {
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO api_key_usage (key_id, at, method, path, status, latency_ms) VALUES ($1, $2, 'POST', '/api/send-text', $3, 12) RETURNING id`,
        [keyId, daysAgo(days), status],
      );
      return Number(rows[0]?.id);
    },
  };
}

/** The JSON lines of an archive: every whole gzip member (a torn last one, from a crash, is read as far as it goes). */
export function archiveLines(bytes: Buffer): Record<string, unknown>[] {
  const text = gunzipSync(bytes, { finishFlush: zlib.Z_SYNC_FLUSH }).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return []; // the torn end of a member cut short
      }
    });
}
