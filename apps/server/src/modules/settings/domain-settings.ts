import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { createSettingsRepository } from './settings.repository.ts';

/** The settings rows a domain keeps for itself under its key prefix (email: `email.smtp`, `email.template.*`). */
export interface DomainSettings {
  get(key: string): Promise<unknown>;
  setMany(values: Record<string, unknown>, userId: number | null, tx?: DbOrTx): Promise<void>;
  /** Rewrites a value in another form (sealing a secret), only if it still is `expected`: never undoes a save made meanwhile. */
  replace(key: string, expected: unknown, value: unknown): Promise<boolean>;
  /** The app's name as saved (the console's `app.name`), read at each use: what a domain writes in the app's name (mails). */
  appName(): Promise<string | undefined>;
}

/** A domain's own settings: keys outside `prefix` are refused, so a domain never reads or overwrites another's. */
export function settingsOf(db: Db, prefix: string): DomainSettings {
  const settings = createSettingsRepository(db);
  const own = (key: string) => {
    if (!key.startsWith(prefix)) throw new Error(`the setting ${key} is not under ${prefix}`);
    return key;
  };
  return {
    get: (key) => settings.get(own(key)),
    setMany: (values, userId, tx) => settings.setMany(Object.fromEntries(Object.entries(values).map(([k, v]) => [own(k), v])), userId, tx),
    replace: (key, expected, value) => settings.replace(own(key), expected, value),
    appName: async () => (await settings.get('app.name')) as string | undefined,
  };
}

/**
 * A secret of the install (the media links' signing key), created once and kept in the settings table sealed with the
 * secret box, so every server process uses the same. One saved in clear before is kept (what it signed stays valid)
 * and sealed in place; one sealed with a key this server lacks is replaced with a new one.
 */
export async function installSecret(db: Db, secrets: SecretBox, key: string): Promise<string> {
  const settings = createSettingsRepository(db);
  const newSecret = () => randomBytes(32).toString('hex');
  const stored = await settings.createOrRead(key, secrets.seal(newSecret()));
  if (typeof stored !== 'string') throw new Error(`${key} missing`);
  const isSealed = stored.startsWith('v1.');
  const secret = isSealed ? secrets.open(stored) : stored;
  if (secret !== null && isSealed) return secret;
  const next = secret ?? newSecret();
  // Another process rewrote it first: use theirs.
  if (!(await settings.replace(key, stored, secrets.seal(next)))) return installSecret(db, secrets, key);
  return next;
}
