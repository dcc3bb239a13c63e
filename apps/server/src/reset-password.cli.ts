// npm run admin:reset-password -- USERNAME: a new random password, printed; or the one piped on standard input.
import { text } from 'node:stream/consumers';
import { ConfigError, loadConfig } from './config/config.ts';
import { runCommand } from './lib/run-command.ts';
import { ResetPasswordError, resetPasswordOnServer } from './reset-password.ts';
import { openDatabaseForCommand } from './start-database.ts';

const usage = 'Usage: npm run admin:reset-password -- USERNAME   (or: echo "new password" | npm run admin:reset-password -- USERNAME)';

/** A password piped in (one line; its line ending is not part of it); null at a terminal or when nothing was piped. */
async function pipedPassword(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const piped = (await text(process.stdin)).replace(/\r?\n$/, '');
  return piped === '' ? null : piped;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const username = args[0]?.trim();
  if (args.length !== 1 || !username || username.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig(process.env);
  const password = await pipedPassword();
  const opened = await openDatabaseForCommand(config);
  if (!opened) {
    console.error(`There is no database under ${config.dataDir} yet: start the server once (npm start), or set DATABASE_URL.`);
    return 1;
  }
  try {
    const done = await resetPasswordOnServer(opened.database, username, password);
    const ended = `${done.sessionsEnded} session${done.sessionsEnded === 1 ? '' : 's'} ended`;
    if (done.generatedPassword) console.log(`New password for ${done.username}: ${done.generatedPassword}  (${ended})`);
    else console.log(`Password of ${done.username} set (${ended}).`);
    console.log('Sign in with it and change it under Profile.');
    return 0;
  } finally {
    await opened.stop();
  }
}

runCommand(main, [ResetPasswordError, ConfigError]);
