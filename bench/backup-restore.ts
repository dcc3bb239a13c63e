// Backup and restore at scale: `npm run backup`'s and `npm run restore`'s own code on a kept data directory (e.g. the
// analytics bench's 1M messages), timed: the backup (snapshot, files, gzip), then a restore into a fresh DATA_DIR
// with an embedded PostgreSQL of its own, step by step; then the restored row counts are checked against the manifest.
// Run: npm run bench:backup -- --data-dir DIR [--keep]
// DIR is read, but its embedded PostgreSQL is started for the backup (its WAL and pid file change): give it a copy
// (cp -a), never a data set kept for other benches. The archive and the restored DATA_DIR are removed unless --keep.
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { readCheckedManifest } from '../apps/server/src/backup/archive-reader.ts';
import { writeBackup } from '../apps/server/src/backup/backup.ts';
import { formatBytes } from '../apps/server/src/backup/command-line.ts';
import { restoreBackup } from '../apps/server/src/backup/restore.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { formatTable, machineCpuSeconds, machineLine, removeDir, tempDataDir } from './lib/processes.ts';
import { waitForQuietMachineAndSay } from './lib/run-report.ts';

const { values: args } = parseArgs({ options: { 'data-dir': { type: 'string' }, keep: { type: 'boolean' } } });
if (!args['data-dir']) {
  console.error(
    'Usage: npm run bench:backup -- --data-dir DIR [--keep]   (DIR: a copy of a DATA_DIR, e.g. cp -a of a kept bench data set)',
  );
  process.exit(2);
}
const sourceDir = path.resolve(args['data-dir']);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * CPU seconds of this process and of the children it has waited for (the embedded PostgreSQLs the backup and the
 * restore start and stop, with their backends), and of the whole machine: the rest is other people's work.
 */
function cpuNow(): { ours: number; machine: number; at: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the command name.
  const ours = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / 100;
  return { ours, machine: machineCpuSeconds().tasks, at: Date.now() };
}

function cpuSince(before: ReturnType<typeof cpuNow>): string {
  const after = cpuNow();
  const ours = after.ours - before.ours;
  return `ours ${ours.toFixed(1)} / others ${Math.max(0, after.machine - before.machine - ours).toFixed(1)} CPU s`;
}

/** Each step's seconds, from the progress the restore reports. */
function stepTimer() {
  const steps: [string, number][] = [];
  let last = Date.now();
  let current: string | null = null;
  return {
    progress(step: string) {
      const now = Date.now();
      if (current) steps.push([current, now - last]);
      current = step;
      last = now;
    },
    finish() {
      if (current) steps.push([current, Date.now() - last]);
      return steps;
    },
  };
}

async function countRows(url: string, tables: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = new Map<string, number>();
    for (const table of tables) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${client.escapeIdentifier(table)}`);
      counts.set(table, rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

console.log(machineLine());
await waitForQuietMachineAndSay();
const work = await tempDataDir('backup');
// The restored embedded PostgreSQL runs as the postgres user, who must pass through to it.
await chmod(work, 0o711);
const archive = path.join(work, 'backup.tar.gz');
const restoredDir = path.join(work, 'restored');
try {
  const beforeBackup = cpuNow();
  const backup = await writeBackup(loadConfig({}, { DATA_DIR: sourceDir }), archive);
  const backupCpu = cpuSince(beforeBackup);
  const manifest = await readCheckedManifest(archive);
  const copyBytes = Object.entries(manifest.entries)
    .filter(([name]) => name.startsWith('database/'))
    .reduce((sum, [, entry]) => sum + entry.bytes, 0);
  const messages = manifest.database.tables.find((t) => t.name === 'messages')?.rows ?? 0;
  console.log(
    `backup of ${sourceDir}: ${backup.tables} tables, ${backup.rows.toLocaleString('en-US')} rows (${messages.toLocaleString('en-US')} messages), ${backup.files} files (${formatBytes(backup.fileBytes)}), ${backup.method}`,
  );

  const timer = stepTimer();
  const beforeRestore = cpuNow();
  const restore = await restoreBackup(loadConfig({}, { DATA_DIR: restoredDir }), archive, { force: false, progress: timer.progress });
  const restoreCpu = cpuSince(beforeRestore);
  const steps = timer.finish();

  const embedded = await startEmbeddedPostgres(restoredDir, () => {});
  let mismatches: string[];
  try {
    const counts = await countRows(
      embedded.url,
      manifest.database.tables.map((t) => t.name),
    );
    mismatches = manifest.database.tables.filter((t) => counts.get(t.name) !== t.rows).map((t) => t.name);
  } finally {
    await embedded.stop();
  }

  console.log(
    formatTable(
      ['figure', 'value', 'CPU meanwhile'],
      [
        ['backup (start the embedded PostgreSQL, snapshot, files, gzip)', `${seconds(backup.durationMs)} s`, backupCpu],
        ['archive size', `${formatBytes(backup.archiveBytes)} (database as COPY text: ${formatBytes(copyBytes)})`, ''],
        ['restore, in all', `${seconds(restore.durationMs)} s`, restoreCpu],
        ...steps.map(([step, ms]): [string, string, string] => [`  ${step}`, `${seconds(ms)} s`, '']),
        ['restored row counts', mismatches.length === 0 ? 'all equal to the manifest' : `differ in ${mismatches.join(', ')}`, ''],
      ],
    ),
  );
  if (args.keep) console.log(`kept: ${archive} and ${restoredDir}`);
} finally {
  if (!args.keep) await removeDir(work);
}
