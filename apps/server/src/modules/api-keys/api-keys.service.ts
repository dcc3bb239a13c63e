import { randomBytes } from 'node:crypto';
import {
  API_KEY_DEFAULT_RATE_LIMIT,
  API_KEY_SECRET_PREFIX,
  API_KEY_VISIBLE_PREFIX_LENGTH,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyLogEntry,
  type ApiKeyUsage,
  type apiKeyCreateSchema,
  type apiKeyLogQuerySchema,
  type apiKeyUpdateSchema,
} from '@wac/contract/api-keys';
import type { User } from '@wac/contract/auth';
import { paginationOf } from '@wac/contract/common';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import { type ApiKeyAccess, hashSecret, knownScopes } from './api-key-access.ts';
import type { ApiKeyRow, ApiKeysRepository, NewApiKeyRow } from './api-keys.repository.ts';
import { unreadableRange } from './ip-ranges.ts';

export interface ApiKeysServiceDeps {
  db: Db;
  repository: ApiKeysRepository;
  access: Pick<ApiKeyAccess, 'forget'>;
  activities: ActivityService;
  /** app.timezone: "calls today" and the usage chart's days. */
  appTimezone: () => Promise<string>;
  /** The customer's number of each logged message's conversation (messaging's use case), for links to /chat. */
  phonesOfMessages: (messageIds: readonly number[]) => Promise<Map<number, string>>;
}

type Create = z.output<typeof apiKeyCreateSchema>;
type Update = z.output<typeof apiKeyUpdateSchema>;
type LogQuery = z.output<typeof apiKeyLogQuerySchema>;

const keyNotFound = (id: number) => notFound(`There is no API key with id ${id}`);
const iso = (date: Date | null) => date?.toISOString() ?? null;

function toApiKey(row: ApiKeyRow, callsToday: number, now = Date.now()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    status: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active',
    expiresAt: iso(row.expiresAt),
    allowedIps: row.allowedIps,
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    callsToday,
  };
}

/** An expiry must lie ahead: a key born expired is a mistake. */
function expiryOf(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw badRequest('expiresAt must be in the future');
  return date;
}

function checkRanges(entries: readonly string[] | undefined): void {
  const bad = entries && unreadableRange(entries);
  if (bad) throw badRequest(`allowedIps: ${bad} is not an IP address or CIDR range`);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The fields an update changes, as the activity names them. */
function changedFields(row: ApiKeyRow, change: Partial<NewApiKeyRow>): string[] {
  const changed: string[] = [];
  if (change.name !== undefined && change.name !== row.name) changed.push(`renamed from ${row.name}`);
  if (change.scopes && !sameList(change.scopes, row.scopes)) changed.push('scopes');
  if (change.expiresAt !== undefined && iso(change.expiresAt as Date | null) !== iso(row.expiresAt)) changed.push('expiry');
  if (change.allowedIps && !sameList(change.allowedIps, row.allowedIps)) changed.push('IP ranges');
  if (change.rateLimitPerMinute !== undefined && change.rateLimitPerMinute !== row.rateLimitPerMinute) changed.push('rate limit');
  return changed;
}

/** API keys (spec 7): created with a secret shown once, edited, revoked, and their usage log and chart. */
export function createApiKeysService({ db, repository, access, activities, appTimezone, phonesOfMessages }: ApiKeysServiceDeps) {
  const record = (tx: Tx, actor: User, type: string, name: string, details?: string) =>
    activities.record({ type, sourceType: 'user', userId: actor.id, data: { username: actor.username, name, details } }, tx);

  async function existing(id: number): Promise<ApiKeyRow> {
    const row = await repository.byId(id);
    if (!row) throw keyNotFound(id);
    return row;
  }

  async function locked(tx: Tx, id: number): Promise<ApiKeyRow> {
    const row = await repository.lock(tx, id);
    if (!row) throw keyNotFound(id);
    return row;
  }

  async function view(id: number): Promise<ApiKey> {
    const row = await existing(id);
    const calls = await repository.callsToday(await appTimezone(), id);
    return toApiKey(row, calls.get(id) ?? 0);
  }

  return {
    /** The secret is answered this once: only its SHA-256 is stored, and its first characters to tell keys apart. */
    async create(actor: User, body: Create): Promise<ApiKeyCreated> {
      checkRanges(body.allowedIps);
      const expiresAt = expiryOf(body.expiresAt) ?? null;
      const secret = API_KEY_SECRET_PREFIX + randomBytes(32).toString('base64url');
      const row = await inTransaction(db, async (tx) => {
        const row = await repository.insert(
          {
            name: body.name,
            prefix: secret.slice(0, API_KEY_VISIBLE_PREFIX_LENGTH),
            secretHash: hashSecret(secret),
            scopes: body.scopes,
            expiresAt,
            allowedIps: body.allowedIps,
            rateLimitPerMinute: body.rateLimitPerMinute === undefined ? API_KEY_DEFAULT_RATE_LIMIT : body.rateLimitPerMinute,
            createdBy: actor.id,
          },
          tx,
        );
        await record(tx, actor, 'api_key_created', row.name);
        return row;
      });
      return { key: toApiKey({ ...row, createdByName: actor.username }, 0), secret };
    },

    /** Newest first, revoked and expired keys included (their logs stay readable). */
    async list(): Promise<{ keys: ApiKey[] }> {
      const [rows, calls] = await Promise.all([repository.list(), appTimezone().then((zone) => repository.callsToday(zone))]);
      const now = Date.now();
      return { keys: rows.map((row) => toApiKey(row, calls.get(row.id) ?? 0, now)) };
    },

    get: view,

    /** Name, scopes, expiry (null clears it), IP ranges and rate limit (null clears it); a revoked key stays as it was. */
    async update(actor: User, id: number, body: Update): Promise<ApiKey> {
      checkRanges(body.allowedIps);
      const change: Partial<NewApiKeyRow> = {
        name: body.name,
        scopes: body.scopes,
        expiresAt: expiryOf(body.expiresAt),
        allowedIps: body.allowedIps,
        rateLimitPerMinute: body.rateLimitPerMinute,
      };
      const row = await inTransaction(db, async (tx) => {
        const row = await locked(tx, id);
        if (row.revokedAt) throw conflict(`The API key ${row.name} is revoked; create a new key instead`);
        const changed = changedFields(row, change);
        if (changed.length === 0) return row;
        await repository.update(tx, id, change);
        await record(tx, actor, 'api_key_updated', change.name ?? row.name, changed.join(', '));
        return row;
      });
      access.forget(row.secretHash);
      return view(id);
    },

    /** At once in this process, within a second in every other; revoking a revoked key changes nothing. */
    async revoke(actor: User, id: number): Promise<ApiKey> {
      const row = await inTransaction(db, async (tx) => {
        const row = await locked(tx, id);
        if (row.revokedAt) return row;
        await repository.update(tx, id, { revokedAt: new Date() });
        await record(tx, actor, 'api_key_revoked', row.name);
        return row;
      });
      access.forget(row.secretHash);
      return view(id);
    },

    async logs(id: number, query: LogQuery): Promise<{ logs: ApiKeyLogEntry[]; pagination: ReturnType<typeof paginationOf> }> {
      await existing(id);
      const filter = {
        status: query.status,
        path: query.path || undefined,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      };
      const { rows, total } = await repository.calls(id, filter, query.limit, (query.page - 1) * query.limit);
      const phones = await phonesOfMessages([...new Set(rows.flatMap((row) => (row.messageId === null ? [] : [row.messageId])))]);
      const logs = rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        method: row.method,
        path: row.path,
        status: row.status,
        latencyMs: row.latencyMs,
        ip: row.ip,
        errorCode: row.errorCode,
        messageId: row.messageId,
        phone: row.messageId === null ? null : (phones.get(row.messageId) ?? null),
        replayed: row.replayed,
        calls: row.calls,
      }));
      return { logs, pagination: paginationOf(query.page, query.limit, total) };
    },

    /** Calls and errors per day in the app's timezone, oldest first; errorRate is a percentage (one decimal) of all calls. */
    async usage(id: number, days: number): Promise<ApiKeyUsage> {
      await existing(id);
      const perDay = await repository.callsPerDay(id, days, await appTimezone());
      const totalCalls = perDay.reduce((sum, day) => sum + day.calls, 0);
      const errors = perDay.reduce((sum, day) => sum + day.errors, 0);
      return { days: perDay, totalCalls, errorRate: totalCalls === 0 ? 0 : Math.round((errors / totalCalls) * 1000) / 10 };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
