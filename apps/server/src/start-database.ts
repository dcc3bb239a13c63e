import { chmod, mkdir } from 'node:fs/promises';
import type { Config } from './config/config.ts';
import { applyMigrations, connectDatabase, type Database } from './db/database.ts';
import { openEmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';

export interface StartedDatabase {
  database: Database;
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

/** DATABASE_URL when given, else a PostgreSQL embedded under DATA_DIR; migrations applied either way. */
export async function startDatabase(config: Config, log: (line: string) => void): Promise<StartedDatabase> {
  // DATA_DIR holds keys, mail and customers' files: the server's user only (the embedded database opens it a little).
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  await chmod(config.dataDir, 0o700);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? (embedded as { url: string }).url;
  try {
    await applyMigrations(url);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  const database = connectDatabase(url);
  return {
    database,
    url,
    embedded: Boolean(embedded),
    stop: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}

/**
 * For a command beside the server: DATABASE_URL when given, else the embedded database under DATA_DIR (the running
 * server's, or started for the command). Applies no migrations; null when DATA_DIR holds no database yet.
 */
export async function openDatabaseForCommand(config: Config): Promise<Omit<StartedDatabase, 'embedded'> | null> {
  const embedded = config.databaseUrl ? null : await openEmbeddedPostgres(config.dataDir, () => {});
  if (!config.databaseUrl && !embedded) return null;
  const url = config.databaseUrl ?? (embedded as { url: string }).url;
  const database = connectDatabase(url);
  return {
    database,
    url,
    stop: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
