import { createHash } from 'node:crypto';
import { API_KEY_SECRET_PREFIX, type ApiKeyScope, apiKeyScopes } from '@wac/contract/api-keys';
import { AppError, forbidden, unauthorized } from '../../http/app-error.ts';
import { tooManyRequests } from '../../http/rate-limits.ts';
import { createRateLimiter } from './api-key-rate-limiter.ts';
import type { ApiKeysRepository, KeyCheckRow } from './api-keys.repository.ts';
import { type IpRanges, ipAllowed, ipRangesOf } from './ip-ranges.ts';

/**
 * How long a process trusts what it read of a key: a revoke or an edit made by another process reaches this one
 * within it (the process that made it forgets at once). Short enough to need no LISTEN/NOTIFY.
 */
export const KEY_CACHE_MS = 1_000;
/** Lookups remembered at most; random secrets sent by a stranger cannot grow the cache past it. */
const MAX_CACHED = 10_000;
/** `wac_` and 43 base64url characters: anything else is refused without a database lookup. */
const SECRET_FORMAT = new RegExp(`^${API_KEY_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`);

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A key as the guard checks it, whatever its state: calls it refuses are still logged against it. */
export interface KnownKey {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  ranges: IpRanges;
  rateLimitPerMinute: number | null;
}

export const knownScopes = (stored: readonly string[]): ApiKeyScope[] =>
  stored.filter((scope): scope is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(scope));

function knownKey(row: KeyCheckRow): KnownKey {
  return {
    id: row.id,
    name: row.name,
    scopes: knownScopes(row.scopes),
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    ranges: ipRangesOf(row.allowedIps),
    rateLimitPerMinute: row.rateLimitPerMinute,
  };
}

/** The rules of a key-authenticated call, for the X-API-Key guard (http/api-key-guard.ts). */
export function createApiKeyAccess(repository: Pick<ApiKeysRepository, 'byHash'>, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; key: Promise<KnownKey | null> }>();
  const limiter = createRateLimiter(now);

  function sweep(at: number): void {
    for (const [hash, entry] of cache) if (at - entry.at >= KEY_CACHE_MS) cache.delete(hash);
    if (cache.size >= MAX_CACHED) cache.clear();
  }

  return {
    /** The key a secret belongs to, whatever its state, or null; read from the database at most once a second per secret. */
    identify(secret: string): Promise<KnownKey | null> {
      if (!SECRET_FORMAT.test(secret)) return Promise.resolve(null);
      const hash = hashSecret(secret);
      const at = performance.now();
      const hit = cache.get(hash);
      if (hit && at - hit.at < KEY_CACHE_MS) return hit.key;
      if (cache.size >= MAX_CACHED) sweep(at);
      const key = repository.byHash(hash).then((row) => (row ? knownKey(row) : null));
      cache.set(hash, { at, key });
      key.catch(() => {
        if (cache.get(hash)?.key === key) cache.delete(hash);
      });
      return key;
    },

    /** Stops trusting what this process read of a key: its next call reads it again. */
    forget(secretHash: string): void {
      cache.delete(secretHash);
    },

    /** 401 for a revoked or expired key, 403 for a call from outside its IP ranges or without the scope. */
    admit(key: KnownKey, ip: string, scope: ApiKeyScope): void {
      if (key.revokedAt) throw unauthorized(`The API key ${key.name} has been revoked`);
      if (key.expiresAt && key.expiresAt.getTime() <= now()) {
        throw unauthorized(`The API key ${key.name} expired on ${key.expiresAt.toISOString()}`);
      }
      if (!ipAllowed(key.ranges, ip)) throw new AppError('FORBIDDEN', `The API key ${key.name} does not accept calls from ${ip}`, 403);
      if (!key.scopes.includes(scope)) throw forbidden(`The API key ${key.name} lacks the ${scope} scope`);
    },

    /** Counts the call against the key's per-minute limit, if it has one: 429 with Retry-After past it. */
    throttle(key: KnownKey): void {
      const limit = key.rateLimitPerMinute;
      if (limit === null) return;
      const wait = limiter.take(key.id, limit);
      if (wait > 0) throw tooManyRequests(wait, `The API key ${key.name} allows ${limit} request${limit === 1 ? '' : 's'} per minute.`);
    },
  };
}

export type ApiKeyAccess = ReturnType<typeof createApiKeyAccess>;
