import type { Config } from '../config/config.ts';
import { applyMigrations } from '../db/database.ts';
import { DATABASE_PREFIX, FILES_PREFIX, type Manifest } from './archive-format.ts';
import { archiveEntries, readCheckedManifest } from './archive-reader.ts';
import { BackupError } from './backup-error.ts';
import { writeDataFile } from './data-files.ts';
import { startDatabaseLoad } from './database-load.ts';
import { toolMajor } from './pg-dump.ts';
import { openTargetDatabase, prepareTarget } from './restore-target.ts';
import { latestSchemaVersion, migrationsUpTo, type SchemaVersion } from './schema-version.ts';
import { connectForCopy } from './table-catalog.ts';

export interface RestoreSummary {
  createdAt: string;
  from: SchemaVersion;
  to: SchemaVersion;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  durationMs: number;
}

export interface RestoreOptions {
  /** Replace a target that holds data. */
  force: boolean;
  /** Told as each step starts: a restore of millions of rows takes minutes. */
  progress?: (step: string) => void;
}

/** A pg_dump archive needs a pg_restore at least as new as the pg_dump that wrote it; checked before anything is written. */
async function checkTools(manifest: Manifest): Promise<void> {
  if (manifest.database.kind !== 'pg_dump') return;
  const major = await toolMajor('pg_restore');
  if (major === null || major < manifest.database.pgDumpMajor) {
    throw new BackupError(
      `This archive's database was written by pg_dump ${manifest.database.pgDumpMajor}: restoring it needs pg_restore ${manifest.database.pgDumpMajor} or newer on the PATH (found ${major ?? 'none'})`,
    );
  }
}

/** Our COPY needs the tables as they were when the archive was taken: migrations up to its version (pg_dump brings its own). */
async function createSchemaAt(url: string, manifest: Manifest): Promise<void> {
  if (manifest.database.kind !== 'copy') return;
  const migrations = await migrationsUpTo(manifest.schemaVersion);
  try {
    await applyMigrations(url, migrations.folder);
  } finally {
    await migrations.remove();
  }
}

/** Second read of the checked archive: the database entries into the database (one transaction), the files into DATA_DIR. */
async function loadArchive(file: string, manifest: Manifest, url: string, dataDir: string): Promise<void> {
  const client = await connectForCopy(url);
  try {
    const load = await startDatabaseLoad(client, url, manifest.database);
    try {
      for await (const entry of archiveEntries(file)) {
        const { name } = entry.header;
        if (name.startsWith(DATABASE_PREFIX)) await load.load(name, entry);
        else if (name.startsWith(FILES_PREFIX)) await writeDataFile(dataDir, name.slice(FILES_PREFIX.length), entry);
        else entry.resume();
      }
      await load.finish();
    } catch (err) {
      await load.abort();
      throw err;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Brings DATA_DIR (and the embedded database in it, or the external DATABASE_URL) back to the archive: checks the whole
 * archive and the target first, so nothing is written for a bad archive or a non-empty target (unless `force`); then
 * creates the schema the archive was taken at, loads the database and the files, and applies the migrations that came
 * after it, as an upgrade would.
 */
export async function restoreBackup(config: Config, file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const step = options.progress ?? (() => {});
  step('checking the whole archive');
  const manifest = await readCheckedManifest(file);
  await checkTools(manifest);
  await prepareTarget(config, options.force);
  step('preparing the database');
  const database = await openTargetDatabase(config);
  try {
    await createSchemaAt(database.url, manifest);
    step(`loading ${manifest.database.tables.length} tables and ${manifest.files.count} files`);
    await loadArchive(file, manifest, database.url, config.dataDir);
    step('applying migrations');
    await applyMigrations(database.url);
  } catch (err) {
    throw new BackupError(
      `The restore stopped part way: ${(err as Error).message}. The target now holds part of the archive: fix the cause, then restore again with --force.`,
      { cause: err },
    );
  } finally {
    await database.stop();
  }
  const tables = manifest.database.tables;
  return {
    createdAt: manifest.createdAt,
    from: manifest.schemaVersion,
    to: await latestSchemaVersion(),
    tables: tables.length,
    rows: tables.reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.count,
    fileBytes: manifest.files.bytes,
    durationMs: Date.now() - started,
  };
}
