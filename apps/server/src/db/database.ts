import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction: statuses and message inserts take per-wamid locks that last until it ends. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
}

/** The committed migrations: SQL files and drizzle's meta/_journal.json listing them in order. */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_ID = 4_170_521;

/**
 * An idle connection is kept this long (pg's default is 10 s): a burst of customers after a quiet minute should not
 * wait for new connections, each a process forked by PostgreSQL and a password exchange.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

/**
 * No parallel query on the app's connections: its reads are small and indexed by design, and on the few cores a console
 * runs on, starting parallel workers added 3-6 ms to reads of a few milliseconds (analytics at 10M messages: the
 * engagement report's p95 from 35 to 17 ms) while concurrent requests keep the cores busy anyway.
 */
const CONNECTION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export function connectDatabase(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: IDLE_CONNECTION_MS, options: CONNECTION_OPTIONS });
  pool.on('error', () => {});
  return { db: drizzle(pool, { schema }), pool, url, close: () => pool.end() };
}

/** A database on one connection of its own (not the pool's), e.g. for session-level locks held across transactions. */
export function databaseOn(client: pg.Client): Db {
  return drizzle(client, { schema });
}

const quietLogger = new Logger(() => () => {});

/**
 * The job library's schema, on a pool of ours: given a connection string, graphile-worker makes a pool of its own, ends
 * it without waiting and stops listening to its errors, so a PostgreSQL stopped right after (a restore's embedded one)
 * crashed the process with the error its closing connection received.
 */
async function migrateJobLibrary(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await runMigrations({ pgPool: pool, logger: quietLogger });
  } finally {
    await pool.end();
  }
}

/**
 * Applies committed migrations, then the job library's schema, once, even when several processes start together.
 * A restore passes a folder holding the migrations only up to an archive's schema version.
 */
export async function applyMigrations(url: string, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
    await migrateJobLibrary(url);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** True when every committed migration is recorded as applied. */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
  const result = await pool.query<{ count: string }>('SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations');
  return Number(result.rows[0]?.count ?? 0) >= expected;
}
