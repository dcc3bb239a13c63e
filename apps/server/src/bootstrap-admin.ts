import type { Config } from './config/config.ts';
import { hashPassword, randomPassword } from './lib/secrets.ts';
import type { UserAccounts } from './modules/accounts/index.ts';

/** Creates the first admin once; returns the password when it was generated so main can print it. */
export async function ensureFirstAdmin(
  config: Config,
  users: UserAccounts,
): Promise<{ username: string; generatedPassword?: string } | null> {
  if ((await users.countAll()) > 0) return null;
  const generatedPassword = config.admin.password ? undefined : randomPassword();
  const password = config.admin.password ?? (generatedPassword as string);
  try {
    await users.insert({
      username: config.admin.username,
      email: config.admin.email ?? null,
      passwordHash: await hashPassword(password),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
  } catch (err) {
    // Another process created it at the same moment.
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return null;
    throw err;
  }
  return { username: config.admin.username, generatedPassword };
}
