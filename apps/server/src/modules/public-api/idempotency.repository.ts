import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiIdempotency } from '../../db/schema.ts';

export type IdempotencyRow = typeof apiIdempotency.$inferSelect;

export interface IdempotencyClaim {
  keyId: number;
  idempotencyKey: string;
  requestHash: string;
}

const sameKey = (claim: Pick<IdempotencyClaim, 'keyId' | 'idempotencyKey'>) =>
  and(eq(apiIdempotency.keyId, claim.keyId), eq(apiIdempotency.idempotencyKey, claim.idempotencyKey));

/**
 * Takes the Idempotency-Key for this request, committed at once so that a repeat arriving meanwhile sees it. A row
 * older than `expiredBefore` (its window over, not yet swept) is taken over as if new. False when a live row holds it.
 */
export async function claimIdempotencyKey(db: Db, claim: IdempotencyClaim, expiredBefore: Date): Promise<boolean> {
  const claimed = await db
    .insert(apiIdempotency)
    .values(claim)
    .onConflictDoUpdate({
      target: [apiIdempotency.keyId, apiIdempotency.idempotencyKey],
      set: { requestHash: claim.requestHash, statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: lt(apiIdempotency.createdAt, expiredBefore),
    })
    .returning({ keyId: apiIdempotency.keyId });
  return claimed.length > 0;
}

export async function findIdempotencyKey(
  db: Db,
  claim: Pick<IdempotencyClaim, 'keyId' | 'idempotencyKey'>,
): Promise<IdempotencyRow | null> {
  const [row] = await db.select().from(apiIdempotency).where(sameKey(claim));
  return row ?? null;
}

/** The first request's answer, which repeats are given. */
export async function storeIdempotentAnswer(db: Db, claim: IdempotencyClaim, statusCode: number, response: unknown): Promise<void> {
  await db
    .update(apiIdempotency)
    .set({ statusCode, response })
    .where(and(sameKey(claim), eq(apiIdempotency.requestHash, claim.requestHash)));
}

/** A request that sent nothing lets go of its key, so the caller may fix it and try again with the same key. */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db
    .delete(apiIdempotency)
    .where(and(sameKey(claim), eq(apiIdempotency.requestHash, claim.requestHash), isNull(apiIdempotency.statusCode)));
}

export async function deleteIdempotencyKeysBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, before));
  return deleted.rowCount ?? 0;
}
