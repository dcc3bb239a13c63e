import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyMigrations } from '../src/db/database.ts';

/** The URL of database `name` on the server at serverUrl. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs these statements, in order, on one connection to the server's default database. */
export async function adminQuery(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates a new database once for the whole run and closes it to connections, so each test file's database is a
 * copy of it (CREATE DATABASE … TEMPLATE) instead of migrating again. Returns its name.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<string> {
  const name = `tmpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  await applyMigrations(databaseUrl(serverUrl, name));
  // PostgreSQL refuses to copy a database someone is connected to: nobody may connect to this one again.
  await adminQuery(serverUrl, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  return name;
}

export function dropTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  return adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
}

const OBJECT_IN_USE = '55006';

/** A new database `name`, a copy of the template; retried while a session still leaves the template (55006). */
export async function cloneTemplateDatabase(serverUrl: string, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== OBJECT_IN_USE || attempt === 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
