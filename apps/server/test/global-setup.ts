import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { adminQuery, createTemplateDatabase, dropTemplateDatabase } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database migrated once for the run; each test file's database is a copy of it. */
    templateDatabase: string;
  }
}

/**
 * The embedded server lives for one run: it need not survive a crash, so it writes without waiting for the disk (no
 * fsync, asynchronous commit), which a disk shared with other work makes slow.
 */
function skipDurability(serverUrl: string): Promise<void> {
  const settings = ['fsync', 'synchronous_commit', 'full_page_writes'];
  return adminQuery(serverUrl, ...settings.map((setting) => `ALTER SYSTEM SET ${setting} = off`), 'SELECT pg_reload_conf()');
}

/** TEST_DATABASE_URL's server, else an embedded one in a temporary directory (removed when stopped). */
async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  // Not under /root: the postgres system user must reach the directory.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wac-test-pg-'));
  const embedded = await startEmbeddedPostgres(dir, () => {});
  await skipDurability(embedded.url);
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One real PostgreSQL for the whole run and one database in it migrated once, the template each test file copies its
 * own database from.
 */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  const template = await createTemplateDatabase(postgres.url).catch(async (err) => {
    await postgres.stop();
    throw err;
  });
  project.provide('postgresUrl', postgres.url);
  project.provide('templateDatabase', template);
  return async () => {
    await dropTemplateDatabase(postgres.url, template);
    await postgres.stop();
  };
}
