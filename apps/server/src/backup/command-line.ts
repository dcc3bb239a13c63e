// What `npm run backup` and `npm run restore` share: paths typed, how they exit, and what they print (never a secret).
import path from 'node:path';
import { ConfigError } from '../config/config.ts';
import { runCommand } from '../lib/run-command.ts';
import type { BackupSummary } from './backup.ts';
import { BackupError } from './backup-error.ts';
import type { RestoreSummary } from './restore.ts';

/** npm runs scripts from the repository root: a path typed in the shell is relative to where it was typed (INIT_CWD). */
export const typedPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** Runs `npm run backup` or `npm run restore`; their own errors and configuration errors print as their message alone. */
export const runBackupCommand = (main: () => Promise<number>) => runCommand(main, [BackupError, ConfigError]);

const number = new Intl.NumberFormat('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What `npm run backup` prints: where, how big, what it holds. */
export function backupLines(s: BackupSummary): string[] {
  const method = s.method === 'copy' ? 'snapshot copied with COPY' : 'snapshot written by pg_dump';
  return [
    `Backup written to ${s.file} (${formatBytes(s.archiveBytes)}) in ${seconds(s.durationMs)}`,
    `  database: ${s.tables} tables, ${number.format(s.rows)} rows, schema ${s.schemaVersion.tag} (${method})`,
    `  files: ${number.format(s.files)} (${formatBytes(s.fileBytes)})`,
    'It holds the key that opens the secrets stored in the database: keep it as safe as the server, and a copy away from it.',
  ];
}

export function restoreLines(s: RestoreSummary): string[] {
  const migrated = s.from.tag === s.to.tag ? `schema ${s.to.tag}` : `schema ${s.from.tag}, migrated to ${s.to.tag}`;
  return [
    `Restored the backup of ${s.createdAt} in ${seconds(s.durationMs)}`,
    `  database: ${s.tables} tables, ${number.format(s.rows)} rows, ${migrated}`,
    `  files: ${number.format(s.files)} (${formatBytes(s.fileBytes)})`,
  ];
}
