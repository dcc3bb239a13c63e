// npm run restore -- FILE [--force]: DATA_DIR (and its embedded database, or DATABASE_URL) brought back to a backup.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import { restoreLines, runBackupCommand, typedPath } from './command-line.ts';
import { restoreBackup } from './restore.ts';

const usage = 'Usage: npm run restore -- FILE [--force]   (--force replaces a DATA_DIR or database that is not empty)';

runBackupCommand(async () => {
  let file: string;
  let force: boolean;
  try {
    const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length !== 1 || !positionals[0]) throw new Error(usage);
    file = positionals[0];
    force = values.force ?? false;
  } catch {
    console.error(usage);
    return 2;
  }
  const progress = (step: string) => console.log(`${step}…`);
  const summary = await restoreBackup(loadConfig(process.env), typedPath(file), { force, progress });
  for (const line of restoreLines(summary)) console.log(line);
  console.log('Start the server (npm start) to use it.');
  return 0;
});
