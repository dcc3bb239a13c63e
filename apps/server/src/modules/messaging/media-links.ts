import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { installSecret } from '../settings/index.ts';

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

/** Signed with the install's secret (settings keep it), so every server process signs alike. */
export async function loadMediaLinks(db: Db, secrets: SecretBox): Promise<MediaLinks> {
  return createMediaLinks(await installSecret(db, secrets, SECRET_KEY));
}
