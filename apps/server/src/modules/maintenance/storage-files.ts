import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** A file under a storage directory: its key (the path below the directory, with '/'), where it is, size and age. */
export interface StoredFileInfo {
  key: string;
  path: string;
  bytes: number;
  modifiedAt: Date;
}

/**
 * The files under `root` last modified before `before`, in chunks of `chunk`, depth first (temporary files of uploads
 * cut short included). Symlinks are not followed; files that vanish mid-walk are skipped.
 */
export async function* filesOlderThan(root: string, before: Date, chunk: number): AsyncGenerator<StoredFileInfo[]> {
  let found: StoredFileInfo[] = [];
  async function* walk(dir: string): AsyncGenerator<StoredFileInfo[]> {
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full);
        continue;
      }
      if (!entry.isFile()) continue;
      const info = await lstat(full).catch(() => null);
      if (!info || info.mtime >= before) continue;
      found.push({ key: path.relative(root, full).split(path.sep).join('/'), path: full, bytes: info.size, modifiedAt: info.mtime });
      if (found.length >= chunk) {
        yield found;
        found = [];
      }
    }
  }
  yield* walk(root);
  if (found.length > 0) yield found;
}
