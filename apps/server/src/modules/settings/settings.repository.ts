import { and, eq, like, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';

/** Key-value settings; each domain reads and writes only its own key prefix (app., email.). */
export function createSettingsRepository(db: Db) {
  return {
    /** Every setting under any of `prefixes`, in one read; `tx` inside a transaction, as reading on the pool there would wait for a second connection. */
    async getByPrefixes(prefixes: readonly string[], tx: DbOrTx = db): Promise<Map<string, unknown>> {
      const rows = await tx
        .select()
        .from(settings)
        .where(or(...prefixes.map((prefix) => like(settings.key, `${prefix}%`))));
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async get(key: string): Promise<unknown> {
      const rows = await this.getByPrefixes([key]);
      return rows.get(key);
    },
    async setMany(values: Record<string, unknown>, userId: number | null, tx: DbOrTx = db): Promise<void> {
      const entries = Object.entries(values);
      if (entries.length === 0) return;
      const now = new Date();
      for (const [key, value] of entries) {
        await tx
          .insert(settings)
          .values({ key, value, updatedBy: userId, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: now } });
      }
    },
    /**
     * Rewrites a value in another form (sealing a secret), only if it still is `expected`: never undoes a save made
     * meanwhile. Answers whether it was rewritten.
     */
    async replace(key: string, expected: unknown, value: unknown): Promise<boolean> {
      const result = await db
        .update(settings)
        .set({ value })
        .where(and(eq(settings.key, key), eq(settings.value, expected)));
      return (result.rowCount ?? 0) > 0;
    },
    /** Writes the value unless the key holds one already; answers what the key holds then. */
    async createOrRead(key: string, value: unknown): Promise<unknown> {
      await db.insert(settings).values({ key, value }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      return row?.value;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
