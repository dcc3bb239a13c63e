import { createHash, randomInt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredMedia {
  id: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
  filename: string;
}

const ID_PATTERN = /^\d{15,20}$/;

/** Uploaded sandbox media on disk under DATA_DIR/sandbox-media: the bytes plus a small JSON sidecar. */
export function createSandboxMediaStore(dataDir: string) {
  const dir = path.join(dataDir, 'sandbox-media');
  const fileOf = (id: string) => path.join(dir, id);

  return {
    async save(buffer: Buffer, mimeType: string, filename: string): Promise<StoredMedia> {
      await mkdir(dir, { recursive: true });
      // Graph media ids are long decimal numbers.
      const id = `${randomInt(100_000, 1_000_000)}${randomInt(1_000_000_000, 10_000_000_000)}`;
      const media: StoredMedia = {
        id,
        mimeType,
        sha256: createHash('sha256').update(buffer).digest('hex'),
        fileSize: buffer.length,
        filename,
      };
      await writeFile(fileOf(id), buffer);
      await writeFile(`${fileOf(id)}.json`, JSON.stringify(media));
      return media;
    },

    async find(id: string): Promise<StoredMedia | undefined> {
      if (!ID_PATTERN.test(id)) return undefined;
      try {
        return JSON.parse(await readFile(`${fileOf(id)}.json`, 'utf8')) as StoredMedia;
      } catch {
        return undefined;
      }
    },

    read: (id: string) => readFile(fileOf(id)),
  };
}

export type SandboxMediaStore = ReturnType<typeof createSandboxMediaStore>;
