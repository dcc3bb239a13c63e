import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import type pg from 'pg';
import { BackupError } from './backup-error.ts';

/**
 * With an external DATABASE_URL and a pg_dump of the server's major version on the PATH, the database part is
 * pg_dump's custom format, taken in our snapshot (--snapshot), so it is PostgreSQL's own copy of everything in the
 * database (the job library's schema left out, as in our copy). The embedded server has no pg_dump of its version
 * (Debian's is older), so it always takes our own COPY path. Tested only where such a pg_dump exists (the suite's
 * "pg_dump" test runs when the test PostgreSQL's major version matches one on the PATH, e.g. Debian's 15).
 */
export type PgTool = 'pg_dump' | 'pg_restore';

/** The tool's major version, null when it is not on the PATH. */
export async function toolMajor(tool: PgTool): Promise<number | null> {
  try {
    const { stdout } = await promisify(execFile)(tool, ['--version']);
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export async function serverMajor(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ version: number }>("SELECT current_setting('server_version_num')::int AS version");
  return Math.floor((rows[0]?.version ?? 0) / 10_000);
}

/** The URL without its password, which goes in PGPASSWORD: command lines are visible to every user of the machine. */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: PgTool, args: string[], url: string) {
  const { dbname, env } = connectionOf(url);
  const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = once(child, 'close').then(([code]) => {
    if (code !== 0) throw new BackupError(`${tool} failed (exit ${String(code)}): ${stderr.trim()}`);
  });
  exited.catch(() => {});
  return { child, exited };
}

/** pg_dump of the snapshot `snapshotId` (exported by the caller's open transaction), as a stream of its custom format. */
export function dumpSnapshot(url: string, snapshotId: string): { output: Readable; exited: Promise<void> } {
  const { child, exited } = run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshotId}`, '--exclude-schema=graphile_worker'],
    url,
  );
  child.stdin.end();
  return { output: child.stdout, exited };
}

/** pg_restore into the (empty) database, all or nothing; the caller writes the dump to `input` and ends it. */
export function restoreDump(url: string): { input: Writable; exited: Promise<void> } {
  const { child, exited } = run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'], url);
  return { input: child.stdin, exited };
}
