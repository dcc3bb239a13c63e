import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

const SECRET_KEY = 'internal.media_link_secret';
const HOUR_MS = 3_600_000;
const LIFETIME_MS = 24 * HOUR_MS;

/**
 * Signed links to stored media, so <img src> and downloads work without a bearer header. Expiry is
 * rounded up to the hour: the same file keeps the same link for an hour and the browser caches it.
 */
export interface MediaLinks {
  url(mediaId: number, options?: { download?: boolean }): string;
  verify(mediaId: number, expires: number, signature: string, now?: number): boolean;
}

export function createMediaLinks(secret: string, now: () => number = Date.now): MediaLinks {
  const sign = (mediaId: number, expires: number) => createHmac('sha256', secret).update(`${mediaId}.${expires}`).digest('hex');
  return {
    url(mediaId, options = {}) {
      const expires = Math.ceil((now() + LIFETIME_MS) / HOUR_MS) * HOUR_MS;
      const download = options.download ? '&download=1' : '';
      return `/api/media/${mediaId}/file?expires=${expires}&signature=${sign(mediaId, expires)}${download}`;
    },
    verify(mediaId, expires, signature, at = now()) {
      if (expires < at) return false;
      const expected = Buffer.from(sign(mediaId, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

const newSecret = () => randomBytes(32).toString('hex');

/**
 * One secret per install, kept in the database sealed with the secret box, so every server process signs
 * alike. A secret saved in clear before is kept (links already handed out stay valid) and sealed in place;
 * one sealed with a key this server lacks is replaced, which costs only links that expire within a day.
 */
export async function loadMediaLinks(db: Db, secrets: SecretBox): Promise<MediaLinks> {
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, value: secrets.seal(newSecret()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  const stored = row?.value;
  if (typeof stored !== 'string') throw new Error('media link secret missing');
  const isSealed = stored.startsWith('v1.');
  const secret = isSealed ? secrets.open(stored) : stored;
  if (secret !== null && isSealed) return createMediaLinks(secret);
  const next = secret ?? newSecret();
  const swapped = await db
    .update(settings)
    .set({ value: secrets.seal(next) })
    .where(and(eq(settings.key, SECRET_KEY), eq(settings.value, stored)))
    .returning({ key: settings.key });
  // Another process rewrote it first: use theirs.
  if (swapped.length === 0) return loadMediaLinks(db, secrets);
  return createMediaLinks(next);
}
