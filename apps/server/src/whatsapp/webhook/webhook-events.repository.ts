import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { webhookEvents } from '../../db/schema.ts';
import type { Tx } from '../messages/messages.repository.ts';

export async function insertWebhookEvent(db: Db, payload: unknown): Promise<number> {
  const [row] = await db.insert(webhookEvents).values({ payload }).returning({ id: webhookEvents.id });
  if (!row) throw new Error('webhook event insert returned nothing');
  return row.id;
}

/** Locks a batch of waiting events for this transaction; other servers skip them and take the next ones. */
export function claimWebhookEvents(tx: Tx, limit: number, maxAttempts: number) {
  return tx
    .select({ id: webhookEvents.id, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(and(isNull(webhookEvents.processedAt), lt(webhookEvents.attempts, maxAttempts)))
    .orderBy(asc(webhookEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markWebhookEventProcessed(tx: Tx, id: number): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ processedAt: sql`now()`, attempts: sql`${webhookEvents.attempts} + 1`, error: null })
    .where(eq(webhookEvents.id, id));
}

export async function markWebhookEventFailed(tx: Tx, id: number, error: string): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ attempts: sql`${webhookEvents.attempts} + 1`, error: error.slice(0, 2000) })
    .where(eq(webhookEvents.id, id));
}
