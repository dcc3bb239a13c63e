import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { applyMigrations, connectDatabase, migrationsApplied } from './database.ts';

const created: string[] = [];

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `m_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  created.push(name);
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function committedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'));
  return journal.entries.length;
}

afterAll(async () => {
  for (const name of created) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

it('applies each migration exactly once when several processes migrate a fresh database together', async () => {
  const url = await freshDatabase();
  await Promise.all([applyMigrations(url), applyMigrations(url), applyMigrations(url)]);
  const database = connectDatabase(url);
  try {
    const { rows } = await database.pool.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(rows).toHaveLength(await committedMigrations());
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    expect(await migrationsApplied(database.pool)).toBe(true);
    const tables = await database.pool.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.rows.map((r) => r.t)).toEqual(expect.arrayContaining(['users', 'sessions', 'auth_tokens', 'activities', 'settings']));

    // A later start finds nothing to do.
    await applyMigrations(url);
    const again = await database.pool.query('SELECT 1 FROM drizzle.__drizzle_migrations');
    expect(again.rowCount).toBe(rows.length);
  } finally {
    await database.close();
  }
});

it('reports migrations as not applied on an empty database', async () => {
  const url = await freshDatabase();
  const database = connectDatabase(url);
  try {
    await expect(migrationsApplied(database.pool)).rejects.toThrow();
    await database.pool.query('CREATE SCHEMA drizzle; CREATE TABLE drizzle.__drizzle_migrations (id serial, hash text, created_at bigint)');
    expect(await migrationsApplied(database.pool)).toBe(false);
  } finally {
    await database.close();
  }
});
