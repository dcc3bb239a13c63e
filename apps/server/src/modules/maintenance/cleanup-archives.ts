import { createReadStream, type ReadStream } from 'node:fs';
import { type FileHandle, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ARCHIVE_NAME_PATTERN, type Archive, type CleanupCollection } from '@wac/contract/cleanup';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../storage/incoming-file.ts';

/*
 * Rows a database cleanup deletes with archiveBeforeDelete, as JSON lines under DATA_DIR/archives: one file per
 * collection and run, each batch appended as a gzip member of its own and flushed to disk before the batch's rows are
 * deleted. gunzip reads the members as one stream; a server killed mid-append leaves at most a torn last member, whose
 * rows were not deleted.
 */

export const archivesDir = (dataDir: string) => path.join(dataDir, 'archives');

/** `20261129T071500Z` */
const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export interface ArchiveWriter {
  readonly name: string;
  /** Whether a line was written: a collection with nothing to delete leaves no file. */
  readonly written: boolean;
  /** Appends the lines as one gzip member and waits until they are on disk. */
  append(lines: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export function archiveWriter(dataDir: string, collection: CleanupCollection, runId: number, startedAt: Date): ArchiveWriter {
  const name = `${collection}-${runId}-${stampOf(startedAt)}.jsonl.gz`;
  let file: FileHandle | null = null;
  return {
    name,
    get written() {
      return file !== null;
    },
    async append(lines) {
      if (lines.length === 0) return;
      if (!file) {
        await makePrivateDir(archivesDir(dataDir));
        file = await open(path.join(archivesDir(dataDir), name), 'a', PRIVATE_FILE_MODE);
      }
      await file.write(gzipSync(`${lines.join('\n')}\n`));
      await file.sync();
    },
    async close() {
      await file?.close();
    },
  };
}

/** The archives on disk, the last written first (`createdAt` is when its last batch was written). */
export async function listArchives(dataDir: string): Promise<Archive[]> {
  const names = await readdir(archivesDir(dataDir)).catch(() => [] as string[]);
  const archives = await Promise.all(
    names
      .filter((name) => ARCHIVE_NAME_PATTERN.test(name))
      .map(async (name) => {
        const info = await stat(path.join(archivesDir(dataDir), name)).catch(() => null);
        return info?.isFile() ? { name, bytes: info.size, createdAt: info.mtime.toISOString() } : null;
      }),
  );
  return archives.filter((archive): archive is Archive => archive !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** An archive's bytes and size; null for a name that is not one (only names the pattern allows reach the disk). */
export async function openArchive(dataDir: string, name: string): Promise<{ stream: ReadStream; bytes: number } | null> {
  if (!ARCHIVE_NAME_PATTERN.test(name)) return null;
  const file = path.join(archivesDir(dataDir), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { stream: createReadStream(file), bytes: info.size };
}
