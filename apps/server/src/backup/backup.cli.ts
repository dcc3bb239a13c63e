// npm run backup [-- --out FILE]: one archive of the database and DATA_DIR's files, beside a running server or not.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import { writeBackup } from './backup.ts';
import { backupLines, runBackupCommand, typedPath } from './command-line.ts';

const usage = 'Usage: npm run backup [-- --out FILE]   (default: DATA_DIR/backups/backup-<time>.tar.gz)';

runBackupCommand(async () => {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
  } catch {
    console.error(usage);
    return 2;
  }
  const summary = await writeBackup(loadConfig(process.env), out === undefined ? undefined : typedPath(out));
  for (const line of backupLines(summary)) console.log(line);
  return 0;
});
