import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The connection URL of the PostgreSQL a server embedded under dataDir, read the way a person would find it: the port
 * from postmaster.pid (its fourth line) and the password the server generated beside it.
 */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${dataDir}/postgres/postmaster.pid`);
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/console`;
}
