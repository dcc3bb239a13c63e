import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, type Database } from '../src/db/database.ts';
import { cloneTemplateDatabase, databaseUrl } from './template-database.ts';

/** A new database of its own on the test PostgreSQL, a copy of the run's migrated template; returns its URL. */
export async function createMigratedTestDatabase(): Promise<string> {
  const serverUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await cloneTemplateDatabase(serverUrl, inject('templateDatabase'), name);
  return databaseUrl(serverUrl, name);
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
