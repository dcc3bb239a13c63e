import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { applyMigrations, connectDatabase, type Database } from '../../db/database.ts';

/** A migrated database of its own on the test PostgreSQL, without an app (and so without its background processor). */
export async function createFreshDatabase(): Promise<Database> {
  const serverUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return connectDatabase(url.toString());
}
