import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { licenseState, licenseUsage } from '../../db/schema.ts';
import { userJoin } from '../accounts/index.ts';

const appliedBy = userJoin(licenseState.appliedBy);

export type LicenseStateRow = typeof licenseState.$inferSelect & { appliedByName: string | null };

/** Second key of the advisory locks that serialise quota checks; the first is the quota's hash. */
const QUOTA_LOCK_SPACE = 4_170_522;

export function createLicenseRepository(db: Db) {
  /** Today's date in the app's timezone, as PostgreSQL sees it: the day a daily counter belongs to. */
  const today = (timezone: string) => sql`(now() AT TIME ZONE ${timezone})::date`;

  return {
    async readState(tx: DbOrTx = db): Promise<LicenseStateRow | undefined> {
      const [row] = await tx
        .select({ state: licenseState, appliedByName: appliedBy.username })
        .from(licenseState)
        .leftJoin(appliedBy.table, appliedBy.on)
        .where(eq(licenseState.id, 1));
      return row ? { ...row.state, appliedByName: row.appliedByName } : undefined;
    },

    async writeState(
      values: Pick<typeof licenseState.$inferInsert, 'source' | 'licenseKey' | 'secretCiphertext' | 'appliedBy'>,
      tx: DbOrTx = db,
    ): Promise<void> {
      const row = { id: 1, ...values, appliedAt: new Date() };
      await tx.insert(licenseState).values(row).onConflictDoUpdate({ target: licenseState.id, set: row });
    },

    /** Held until the transaction ends, so two actions cannot both take the last unit of a quota. */
    async lockQuota(quota: string, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}, hashtext(${quota}))`);
    },

    async usedToday(quota: string, timezone: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ used: licenseUsage.used })
        .from(licenseUsage)
        .where(sql`${licenseUsage.quota} = ${quota} AND ${licenseUsage.day} = ${today(timezone)}`);
      return row?.used ?? 0;
    },

    /** Adds `amount` to today's counter only while it stays within `limit`: today's count then, else null (nothing added). */
    async consumeToday(quota: string, timezone: string, amount: number, limit: number, tx: DbOrTx): Promise<number | null> {
      if (amount > limit) return null;
      const rows = await tx
        .insert(licenseUsage)
        .values({ quota, day: sql`${today(timezone)}`, used: amount })
        .onConflictDoUpdate({
          target: [licenseUsage.quota, licenseUsage.day],
          set: { used: sql`${licenseUsage.used} + excluded.used` },
          setWhere: sql`${licenseUsage.used} + excluded.used <= ${limit}`,
        })
        .returning({ used: licenseUsage.used });
      return rows[0]?.used ?? null;
    },

    /** The next midnight in the app's timezone, when daily counters start again. */
    async nextMidnight(timezone: string, tx: DbOrTx = db): Promise<Date> {
      const result = await tx.execute<{ at: Date | string }>(
        sql`SELECT ((${today(timezone)} + 1)::timestamp AT TIME ZONE ${timezone}) AS at`,
      );
      return new Date(result.rows[0]?.at ?? Date.now());
    },
  };
}

export type LicenseRepository = ReturnType<typeof createLicenseRepository>;
