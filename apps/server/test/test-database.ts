import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { applyMigrations, connectDatabase, type Database } from '../src/db/database.ts';

/** A new database of its own on the test PostgreSQL, migrated; returns its URL. */
export async function createMigratedTestDatabase(): Promise<string> {
  const serverUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return url.toString();
}

/** A migrated database of its own, without an app (and so without its background processor). */
export async function createFreshDatabase(): Promise<Database> {
  return connectDatabase(await createMigratedTestDatabase());
}

/** A fresh database for this test file: connected before its tests (the object is filled in then), closed after. */
export function freshDatabaseForFile(): Database {
  const database = {} as Database;
  beforeAll(async () => {
    Object.assign(database, await createFreshDatabase());
  });
  afterAll(() => database.close());
  return database;
}
