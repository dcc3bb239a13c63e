import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../test/seed-user.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { applyMigrations, connectDatabase } from './db/database.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { hashPassword, verifyPassword } from './lib/secrets.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run admin:reset-password -- <args>` as an operator would, with `input` piped in (or nothing at all). */
function resetCommand(args: string[], env: Record<string, string>, input?: string) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn('npm', ['run', '--silent', 'admin:reset-password', '--', ...args], {
    cwd: repositoryRoot,
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin?.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const signIn = (t: TestApp, username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/login', payload: { username, password } });
const tokenWorks = async (t: TestApp, token: string) =>
  (await t.request({ method: 'POST', url: '/api/validate-token', payload: { token } })).statusCode === 200;

describe('npm run admin:reset-password with DATABASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ domains: ['activities'] });
  });
  afterAll(() => t.close());

  it('prints a new random password, ends the sessions and writes an activity', async () => {
    const alice = await addUser(t, { username: 'alice', role: 'admin' });
    const admin = await t.adminToken();

    const run = await resetCommand(['ALICE'], { DATABASE_URL: t.databaseUrl });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = /New password for alice: (\S+) {2}\(1 session ended\)/.exec(run.stdout)?.[1];
    expect(printed).toBeDefined();

    expect(await tokenWorks(t, alice.token)).toBe(false);
    expect(await tokenWorks(t, admin)).toBe(true);
    expect((await signIn(t, 'alice', alice.password)).statusCode).toBe(401);
    expect((await signIn(t, 'alice', printed as string)).statusCode).toBe(200);

    const feed = await t.request({ method: 'GET', url: '/api/activities?type=password_reset_on_server', token: admin });
    const [activity] = feed.json().activities;
    expect(activity).toMatchObject({ sourceType: 'system', user: { username: 'alice' }, data: { username: 'alice' } });
    expect(JSON.stringify(activity)).not.toContain(printed);
  });

  it('sets a piped password, checked by the API rule, without printing it', async () => {
    const bob = await addUser(t, { username: 'bob' });

    const short = await resetCommand(['bob'], { DATABASE_URL: t.databaseUrl }, 'abc\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be at least 6 characters long');
    expect(await tokenWorks(t, bob.token)).toBe(true);
    expect((await signIn(t, 'bob', bob.password)).statusCode).toBe(200);

    const run = await resetCommand(['bob'], { DATABASE_URL: t.databaseUrl }, 'piped secret 42\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Password of bob set');
    expect(run.stdout + run.stderr).not.toContain('piped secret 42');
    expect(await tokenWorks(t, bob.token)).toBe(false);
    expect((await signIn(t, 'bob', 'piped secret 42')).statusCode).toBe(200);
  });

  it('names an unknown user and a missing argument', async () => {
    const unknown = await resetCommand(['nobody'], { DATABASE_URL: t.databaseUrl });
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No user is called "nobody"');

    const missing = await resetCommand([], { DATABASE_URL: t.databaseUrl });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run admin:reset-password -- USERNAME');
  });
});

describe('npm run admin:reset-password with the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("uses the running server's database without stopping it, and starts and stops it when none runs", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wac-reset-'));
    dirs.push(dataDir);
    const running = await startEmbeddedPostgres(dataDir, () => {});
    await applyMigrations(running.url);
    const database = connectDatabase(running.url);
    const passwordOf = async () =>
      (await database.pool.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'root'")).rows[0]
        ?.password_hash as string;
    try {
      await database.pool.query("INSERT INTO users (username, password_hash, role) VALUES ('root', $1, 'admin')", [
        await hashPassword('forgotten'),
      ]);

      const beside = await resetCommand(['root'], { DATA_DIR: dataDir }, 'while it runs\n');
      expect(beside.stderr).toBe('');
      expect(beside.code).toBe(0);
      expect(await verifyPassword(await passwordOf(), 'while it runs')).toBe(true);
    } finally {
      await database.close();
      await running.stop();
    }

    const alone = await resetCommand(['root'], { DATA_DIR: dataDir });
    expect(alone.code).toBe(0);
    const printed = /New password for root: (\S+)/.exec(alone.stdout)?.[1] as string;

    const again = await startEmbeddedPostgres(dataDir, () => {});
    const reopened = connectDatabase(again.url);
    try {
      const { rows } = await reopened.pool.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'root'");
      expect(await verifyPassword(rows[0]?.password_hash as string, printed)).toBe(true);
    } finally {
      await reopened.close();
      await again.stop();
    }
  }, 180_000);
});
