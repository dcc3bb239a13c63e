import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config/config.ts';
import { openEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { ARCHIVE_FORMAT, FILES_PREFIX, FORMAT_VERSION } from './archive-format.ts';
import { createArchiveWriter } from './archive-writer.ts';
import { BackupError } from './backup-error.ts';
import { listDataFiles } from './data-files.ts';
import { snapshotDatabase } from './database-snapshot.ts';
import { serverMajor, toolMajor } from './pg-dump.ts';
import type { SchemaVersion } from './schema-version.ts';
import { connectForCopy } from './table-catalog.ts';

export interface BackupSummary {
  file: string;
  archiveBytes: number;
  method: 'copy' | 'pg_dump';
  schemaVersion: SchemaVersion;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  durationMs: number;
}

/** Where `npm run backup` writes without --out: DATA_DIR/backups, which the storage quota does not count. */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join(dataDir, 'backups', `backup-${stamp}.tar.gz`);
}

/** DATABASE_URL, else the embedded database: the running server's (left running), or started for the backup. */
async function openDatabase(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const embedded = await openEmbeddedPostgres(config.dataDir, () => {});
  if (!embedded) throw new BackupError(`There is no database under ${config.dataDir} yet: nothing to back up.`);
  return embedded;
}

/** A pg_dump of the server's own major version, for an external database only (see pg-dump.ts). */
async function matchingPgDump(config: Config, client: pg.ClientBase): Promise<{ url: string; major: number } | null> {
  if (!config.databaseUrl) return null;
  const major = await serverMajor(client);
  return (await toolMajor('pg_dump')) === major ? { url: config.databaseUrl, major } : null;
}

/** The snapshot, then the files, then the manifest, into one archive; none is left at `file` if anything fails. */
async function writeArchive(config: Config, client: pg.ClientBase, file: string): Promise<Omit<BackupSummary, 'durationMs'>> {
  const pgDump = await matchingPgDump(config, client);
  const archive = await createArchiveWriter(file);
  try {
    const createdAt = new Date().toISOString();
    const snapshot = await snapshotDatabase(client, archive, pgDump);
    let files = 0;
    let fileBytes = 0;
    for (const found of await listDataFiles(config.dataDir)) {
      const size = await archive.addFile(`${FILES_PREFIX}${found.relativePath}`, found.fullPath);
      if (size === null) continue;
      files += 1;
      fileBytes += size;
    }
    const counts = { count: files, bytes: fileBytes };
    await archive.finish({ format: ARCHIVE_FORMAT, formatVersion: FORMAT_VERSION, createdAt, ...snapshot, files: counts });
    const tables = snapshot.database.tables;
    return {
      file,
      archiveBytes: (await stat(file)).size,
      method: snapshot.database.kind,
      schemaVersion: snapshot.schemaVersion,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      files,
      fileBytes,
    };
  } catch (err) {
    await archive.abort();
    throw err;
  }
}

/**
 * Writes one archive of the install: the database as of one snapshot, then DATA_DIR's files (see data-files.ts), then
 * the manifest. Files are listed after the snapshot is taken, so every file a row of the snapshot names is there
 * (files are written before the rows that name them); one a cleanup deletes meanwhile is left out.
 */
export async function writeBackup(config: Config, out?: string): Promise<BackupSummary> {
  const started = Date.now();
  const file = path.resolve(out ?? defaultBackupFile(config.dataDir));
  if (existsSync(file)) throw new BackupError(`${file} already exists`);
  const database = await openDatabase(config);
  try {
    const client = await connectForCopy(database.url);
    try {
      return { ...(await writeArchive(config, client, file)), durationMs: Date.now() - started };
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await database.stop();
  }
}
