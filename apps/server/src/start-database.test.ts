import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../test/test-database.ts';
import { loadConfig } from './config/config.ts';
import { startDatabase } from './start-database.ts';

it('makes DATA_DIR readable by the server user only', async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'wac-data-'));
  const dataDir = path.join(parent, 'data');
  try {
    const config = loadConfig({}, { DATA_DIR: dataDir, DATABASE_URL: await createMigratedTestDatabase() });
    const started = await startDatabase(config, () => {});
    await started.stop();
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});
