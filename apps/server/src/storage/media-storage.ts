import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  /** Where the bytes live, relative to the storage root; what media_files.storage_key holds. */
  key: string;
  size: number;
  sha256: string;
}

/**
 * Files of messages under DATA_DIR/media_storage, behind an interface small enough that an
 * S3-compatible store can replace it (DESIGN.md). Keys are generated here, never taken from users.
 */
export interface MediaStorage {
  save(data: Buffer, extension?: string): Promise<StoredFile>;
  /** The bytes, or the inclusive byte range of them a Range request asked for. */
  open(key: string, range?: { start: number; end: number }): ReadStream;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^\d{4}-\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;
const EXTENSION_PATTERN = /^[a-z0-9]{1,8}$/;

/** `folder` is media_storage for messages' files, uploads for files kept for later sends (template header media). */
export function createMediaStorage(dataDir: string, folder: 'media_storage' | 'uploads' = 'media_storage'): MediaStorage {
  const root = path.join(dataDir, folder);
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid media storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    async save(data, extension) {
      const ext = extension?.toLowerCase().replace(/^\./, '');
      const month = new Date().toISOString().slice(0, 7);
      const key = `${month}/${randomUUID()}${ext && EXTENSION_PATTERN.test(ext) ? `.${ext}` : ''}`;
      await mkdir(path.join(root, month), { recursive: true });
      await writeFile(fileOf(key), data);
      return { key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    },
    open: (key, range) => createReadStream(fileOf(key), range),
    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
