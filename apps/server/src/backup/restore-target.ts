import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { runningPostmaster, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { BackupError } from './backup-error.ts';
import { existingDataFiles, removeDataFiles } from './data-files.ts';

/** The schemas a migrated database of ours has: the app's tables, drizzle's migration log, the job library's queue. */
const OUR_SCHEMAS = ['public', 'drizzle', 'graphile_worker'];

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** What already holds data in the target (a restore refuses it unless forced), and whether a server is using it. */
async function inspect(config: Config): Promise<{ contents: string[]; inUse: string | null }> {
  const contents = (await existingDataFiles(config.dataDir)).map((name) => path.join(config.dataDir, name));
  if (!config.databaseUrl) {
    const databaseDir = path.join(config.dataDir, 'postgres');
    // Even without PG_VERSION (an initdb cut short): the embedded database is only ever created in an empty folder.
    if ((await readdir(databaseDir).catch(() => [])).length > 0) contents.push(`the embedded database in ${databaseDir}`);
    const running = await runningPostmaster(databaseDir);
    return { contents, inUse: running ? `a server is running on ${config.dataDir} (its PostgreSQL is pid ${running.pid})` : null };
  }
  return withClient(config.databaseUrl, async (client) => {
    const tables = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = ANY($1)', [OUR_SCHEMAS]);
    const others = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const tableCount = tables.rows[0]?.n ?? 0;
    const sessions = others.rows[0]?.n ?? 0;
    if (tableCount > 0) contents.push(`the database of DATABASE_URL (${tableCount} tables)`);
    return { contents, inUse: sessions > 0 ? `${sessions} other sessions are connected to the database of DATABASE_URL` : null };
  });
}

/**
 * Makes the target ready to receive the archive: refused when it holds data and `force` is not set, or when a server
 * is using it; with `force`, what a restore writes is removed first (the embedded database as a whole, or our
 * schemas of the external one: the DATABASE_URL user must own them).
 */
export async function prepareTarget(config: Config, force: boolean): Promise<void> {
  const { contents, inUse } = await inspect(config);
  if (contents.length === 0) return;
  if (!force) {
    throw new BackupError(
      `The target is not empty: ${contents.join('; ')}. Restore into a fresh DATA_DIR (and empty database), or add --force to replace it.`,
    );
  }
  if (inUse) throw new BackupError(`Cannot replace what a server is using: ${inUse}. Stop it first.`);
  await removeDataFiles(config.dataDir);
  if (!config.databaseUrl) {
    await rm(path.join(config.dataDir, 'postgres'), { recursive: true, force: true });
    return;
  }
  await withClient(config.databaseUrl, async (client) => {
    await client.query('BEGIN');
    await client.query('DROP SCHEMA IF EXISTS drizzle, graphile_worker CASCADE');
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  });
}

/** The target database: DATABASE_URL, or a new embedded one in DATA_DIR, started for the restore. */
export async function openTargetDatabase(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres(config.dataDir, () => {});
}
