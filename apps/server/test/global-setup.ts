import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One real PostgreSQL for the whole run (TEST_DATABASE_URL, else embedded); each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  // Not under /root: the postgres system user must reach the directory.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wac-test-pg-'));
  const pg = await startEmbeddedPostgres(dir, () => {});
  project.provide('postgresUrl', pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
