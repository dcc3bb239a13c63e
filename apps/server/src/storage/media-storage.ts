import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type IncomingFile, makePrivateDir, PRIVATE_FILE_MODE, writeIncomingFile } from './incoming-file.ts';

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
  /** Streams an upload to a temporary file beside the store, so keeping it is a rename and 100 MB never sit in memory. */
  receive(source: Readable): Promise<IncomingFile>;
  /** Moves a received file into the store. */
  keep(incoming: IncomingFile, extension?: string): Promise<StoredFile>;
  /** Removes a received file that was not kept; nothing happens once it was. */
  discard(incoming: IncomingFile): Promise<void>;
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
  /** A new key, its month's folder made. */
  const newKey = async (extension: string | undefined) => {
    const ext = extension?.toLowerCase().replace(/^\./, '');
    const month = new Date().toISOString().slice(0, 7);
    await makePrivateDir(path.join(root, month));
    return `${month}/${randomUUID()}${ext && EXTENSION_PATTERN.test(ext) ? `.${ext}` : ''}`;
  };

  return {
    async save(data, extension) {
      const key = await newKey(extension);
      await writeFile(fileOf(key), data, { mode: PRIVATE_FILE_MODE });
      return { key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    },
    // Dot-named, so no key can ever point into it.
    receive: (source) => writeIncomingFile(source, path.join(root, '.incoming')),
    async keep(incoming, extension) {
      const key = await newKey(extension);
      await rename(incoming.path, fileOf(key));
      return { key, size: incoming.size, sha256: incoming.sha256 };
    },
    async discard(incoming) {
      await rm(incoming.path, { force: true });
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
