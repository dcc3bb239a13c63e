import { passwordSchema } from '@wac/contract/auth';
import type { Database } from './db/database.ts';
import { hashPassword, randomPassword } from './lib/secrets.ts';
import { createUserAccounts } from './modules/accounts/index.ts';
import { recordActivityFromCommand } from './modules/activities/index.ts';
import { expireSessionsFromCommand } from './modules/auth/index.ts';

export class ResetPasswordError extends Error {}

/**
 * What `npm run admin:reset-password -- USERNAME` does, for an operator locked out (the first admin has no email):
 * sets the given password (checked by the API's rule) or a random one, ends every session of the user and records
 * an activity, in one transaction. Answers the password only when it was generated, so the command can print it.
 */
export async function resetPasswordOnServer(
  database: Database,
  username: string,
  given: string | null,
): Promise<{ username: string; generatedPassword: string | null; sessionsEnded: number }> {
  const checked = given === null ? null : passwordSchema.safeParse(given);
  if (checked && !checked.success) throw new ResetPasswordError(checked.error.issues.map((issue) => issue.message).join('; '));
  const users = createUserAccounts(database.db);
  const user = await users.findByUsername(username);
  if (!user) throw new ResetPasswordError(`No user is called "${username}"`);
  const generatedPassword = given === null ? randomPassword() : null;
  const passwordHash = await hashPassword(given ?? (generatedPassword as string));
  const sessionsEnded = await database.db.transaction(async (tx) => {
    await users.setPassword(user.id, passwordHash, tx);
    const ended = await expireSessionsFromCommand(database.db, user.id, tx);
    await recordActivityFromCommand(
      database.db,
      { type: 'password_reset_on_server', sourceType: 'system', userId: user.id, ip: null, data: { username: user.username } },
      tx,
    );
    return ended;
  });
  return { username: user.username, generatedPassword, sessionsEnded };
}
