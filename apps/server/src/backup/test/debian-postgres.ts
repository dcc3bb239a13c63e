import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../test/free-port.ts';
import { toolMajor } from '../pg-dump.ts';

const run = promisify(execFile);

export interface DebianPostgres {
  /** Creates an empty database; answers its URL. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * A throwaway cluster of the PostgreSQL installed from Debian (`.ci/run` installs it), whose pg_dump is the one on the
 * PATH: an external database of pg_dump's own version, for the backup's pg_dump path. Run as the postgres user when
 * we are root, as PostgreSQL refuses root.
 */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  const major = await toolMajor('pg_dump');
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!major || !existsSync(path.join(bin, 'initdb'))) {
    throw new Error("Debian's PostgreSQL is not installed (apt-get install postgresql, as .ci/run does)");
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wac-debian-pg-'));
  const root = process.getuid?.() === 0;
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const asPostgres = (tool: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  await asPostgres('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
