import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

it('keeps its data across a stop and a new start on the same directory', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wac-embedded-'));
  dirs.push(dir);
  const first = await startEmbeddedPostgres(dir, () => {});
  await query(first.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$survives$$)');
  await first.stop();

  const second = await startEmbeddedPostgres(dir, () => {});
  try {
    const result = await query(second.url, 'SELECT v FROM kept');
    expect(result.rows).toEqual([{ v: 'survives' }]);
    // Others may pass through to the database's own directory, but neither list nor read DATA_DIR.
    expect((await stat(dir)).mode & 0o777).toBe(0o711);
    expect((await stat(path.join(dir, '.postgres-password'))).mode & 0o777).toBe(0o600);
  } finally {
    await second.stop();
  }
}, 60_000);

it('starts again after the previous server was killed and left its postgres running', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wac-embedded-'));
  dirs.push(dir);
  const { spawn } = await import('node:child_process');
  const module = path.join(import.meta.dirname, 'embedded-postgres.ts');
  const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)}); await startEmbeddedPostgres(${JSON.stringify(dir)}, () => {}); console.log('up'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('up') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));

  const again = await startEmbeddedPostgres(dir, () => {});
  try {
    expect((await query(again.url, 'SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await again.stop();
  }
}, 60_000);
