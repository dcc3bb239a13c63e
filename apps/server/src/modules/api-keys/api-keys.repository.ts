import { and, count, desc, eq, getTableColumns, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import { apiKeys, apiKeyUsage } from '../../db/schema.ts';
import { likeContaining } from '../../db/sql-like.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import { userJoin } from '../accounts/index.ts';

export type NewApiKeyRow = typeof apiKeys.$inferInsert;
export type ApiKeyRow = typeof apiKeys.$inferSelect & { createdByName: string | null };

/** What the X-API-Key guard reads of a key, by the SHA-256 of its secret. */
export type KeyCheckRow = Pick<
  typeof apiKeys.$inferSelect,
  'id' | 'name' | 'secretHash' | 'scopes' | 'expiresAt' | 'revokedAt' | 'allowedIps' | 'rateLimitPerMinute'
>;

/** One key-authenticated call, as the usage log keeps it. */
export interface ApiCallRow {
  keyId: number;
  at: Date;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  ip: string | null;
  errorCode: string | null;
  messageId: number | null;
  /** Calls the row stands for: 1, or more for refused calls folded into one row (refused-calls.ts). */
  calls: number;
  /** Answered again from an earlier call with the same Idempotency-Key. */
  replayed: boolean;
}

export interface ApiCallFilter {
  /** An HTTP status, or every answer of 400 and above. */
  status?: number | 'errors';
  /** Part of the path. */
  path?: string;
  from?: Date;
  to?: Date;
}

const creator = userJoin(apiKeys.createdBy);
const keyColumns = { ...getTableColumns(apiKeys), createdByName: creator.username };

/** Midnight today in `timezone`, as PostgreSQL computes it. */
const todayStart = (timezone: string) => sql`((now() AT TIME ZONE ${timezone})::date)::timestamp AT TIME ZONE ${timezone}`;

export function createApiKeysRepository(db: Db) {
  const selectKeys = (tx: DbOrTx) => tx.select(keyColumns).from(apiKeys).leftJoin(creator.table, creator.on);

  return {
    async insert(row: NewApiKeyRow, tx: DbOrTx = db): Promise<typeof apiKeys.$inferSelect> {
      const [inserted] = await tx.insert(apiKeys).values(row).returning();
      if (!inserted) throw new Error('api key insert returned nothing');
      return inserted;
    },

    /** Newest first. */
    list(): Promise<ApiKeyRow[]> {
      return selectKeys(db).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async byId(id: number, tx: DbOrTx = db): Promise<ApiKeyRow | undefined> {
      const [row] = await selectKeys(tx).where(eq(apiKeys.id, id));
      return row;
    },

    /** Held until the transaction ends: an update and a revoke of one key never overwrite each other. */
    async lock(tx: Tx, id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await selectKeys(tx).where(eq(apiKeys.id, id)).for('update', { of: apiKeys });
      return row;
    },

    async update(tx: Tx, id: number, change: Partial<NewApiKeyRow>): Promise<void> {
      await tx
        .update(apiKeys)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(apiKeys.id, id));
    },

    async byHash(secretHash: string): Promise<KeyCheckRow | undefined> {
      const [row] = await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          secretHash: apiKeys.secretHash,
          scopes: apiKeys.scopes,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
          allowedIps: apiKeys.allowedIps,
          rateLimitPerMinute: apiKeys.rateLimitPerMinute,
        })
        .from(apiKeys)
        .where(eq(apiKeys.secretHash, secretHash));
      return row;
    },

    /**
     * Many calls in one statement, and each key's last_used_at moved to its latest call among them (never back): the
     * log writer's only write, a few array parameters however many rows.
     */
    async insertCalls(rows: readonly ApiCallRow[]): Promise<void> {
      if (rows.length === 0) return;
      const values = unnestRows('v', [
        ['key_id', 'int', rows.map((r) => r.keyId)],
        ['at', 'timestamptz', rows.map((r) => r.at)],
        ['method', 'text', rows.map((r) => r.method)],
        ['path', 'text', rows.map((r) => r.path)],
        ['status', 'int', rows.map((r) => r.status)],
        // unnestRows has no real[]: the latency travels as text and is cast back.
        ['latency_ms', 'text', rows.map((r) => String(r.latencyMs))],
        ['ip', 'text', rows.map((r) => r.ip)],
        ['error_code', 'text', rows.map((r) => r.errorCode)],
        ['message_id', 'int', rows.map((r) => r.messageId)],
        ['calls', 'int', rows.map((r) => r.calls)],
        ['replayed', 'boolean', rows.map((r) => r.replayed)],
      ]);
      await db.execute(sql`
        WITH logged AS (
          INSERT INTO api_key_usage (key_id, at, method, path, status, latency_ms, ip, error_code, message_id, calls, replayed)
          SELECT v.key_id, v.at, v.method, v.path, v.status, v.latency_ms::real, v.ip, v.error_code, v.message_id, v.calls, v.replayed
          FROM ${values.source}
          RETURNING key_id, at
        )
        UPDATE api_keys k SET last_used_at = GREATEST(k.last_used_at, l.at)
        FROM (SELECT key_id, max(at) AS at FROM logged GROUP BY key_id) l
        WHERE k.id = l.key_id`);
    },

    /** Calls since midnight in `timezone`, per key; keys without any are absent. */
    async callsToday(timezone: string, keyId?: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ keyId: apiKeyUsage.keyId, n: sql<number>`sum(${apiKeyUsage.calls})::int` })
        .from(apiKeyUsage)
        .where(and(sql`${apiKeyUsage.at} >= ${todayStart(timezone)}`, keyId === undefined ? undefined : eq(apiKeyUsage.keyId, keyId)))
        .groupBy(apiKeyUsage.keyId);
      return new Map(rows.map((r) => [r.keyId, r.n]));
    },

    /** Newest first. */
    async calls(keyId: number, filter: ApiCallFilter, limit: number, offset: number) {
      const where = and(eq(apiKeyUsage.keyId, keyId), ...callConditions(filter));
      const [rows, [total]] = await Promise.all([
        db.select().from(apiKeyUsage).where(where).orderBy(desc(apiKeyUsage.at), desc(apiKeyUsage.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(apiKeyUsage).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Calls and errors (status 400 and above) per day of the last `days` days in `timezone`, oldest first, days without
     * calls included. The days' starts are computed once and each call finds its day by binary search (width_bucket),
     * cheaper than converting every call's time to the timezone.
     */
    async callsPerDay(keyId: number, days: number, timezone: string) {
      const { rows } = await db.execute<{ date: string; calls: number; errors: number }>(sql`
        WITH d AS (
          SELECT day::date AS day, day::date::timestamp AT TIME ZONE ${timezone} AS start
          FROM generate_series(
            (now() AT TIME ZONE ${timezone})::date - ${days - 1}::int, (now() AT TIME ZONE ${timezone})::date, interval '1 day'
          ) AS day
        ),
        b AS (SELECT array_agg(start ORDER BY start) AS starts FROM d)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(c.calls, 0)::int AS calls, coalesce(c.errors, 0)::int AS errors
        FROM d LEFT JOIN (
          SELECT b.starts[width_bucket(u.at, b.starts)] AS start, sum(u.calls) AS calls, sum(u.calls) FILTER (WHERE u.status >= 400) AS errors
          FROM api_key_usage u, b
          WHERE u.key_id = ${keyId} AND u.at >= b.starts[1]
          GROUP BY 1
        ) c ON c.start = d.start
        ORDER BY d.day`);
      return rows;
    },

    /** Removes up to `batch` calls older than `before`; answers how many went. */
    async deleteCallsBefore(before: Date, batch: number): Promise<number> {
      const result = await db.execute(sql`
        DELETE FROM api_key_usage WHERE id IN (
          SELECT id FROM api_key_usage WHERE at < ${before.toISOString()}::timestamptz LIMIT ${batch}
        )`);
      return result.rowCount ?? 0;
    },
  };
}

function callConditions({ status, path, from, to }: ApiCallFilter): (SQL | undefined)[] {
  return [
    status === 'errors' ? gte(apiKeyUsage.status, 400) : status === undefined ? undefined : eq(apiKeyUsage.status, status),
    path ? ilike(apiKeyUsage.path, likeContaining(path)) : undefined,
    from ? gte(apiKeyUsage.at, from) : undefined,
    to ? lte(apiKeyUsage.at, to) : undefined,
  ];
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
