import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { whatsappNumbers } from '../../db/schema.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import type { PhoneNumberLimits } from '../../whatsapp/cloud-api-client.ts';

export type NumberRow = typeof whatsappNumbers.$inferSelect;

export function listNumbers(db: DbOrTx): Promise<NumberRow[]> {
  return db.select().from(whatsappNumbers).orderBy(asc(whatsappNumbers.id));
}

export async function findNumber(db: DbOrTx, id: number): Promise<NumberRow | null> {
  const [row] = await db.select().from(whatsappNumbers).where(eq(whatsappNumbers.id, id));
  return row ?? null;
}

/**
 * Lists these numbers where they are not yet (a webhook from a number nobody added), with the display number the
 * webhook gave; the others are left alone.
 */
export async function ensureNumbers(
  db: DbOrTx,
  numbers: readonly { phoneNumberId: string; displayPhoneNumber: string | null }[],
): Promise<void> {
  if (numbers.length === 0) return;
  const values = unnestRows('v', [
    ['phone_number_id', 'text', numbers.map((n) => n.phoneNumberId)],
    ['display_phone_number', 'text', numbers.map((n) => n.displayPhoneNumber?.replace(/\D/g, '') || null)],
  ]);
  await db.execute(sql`
    INSERT INTO whatsapp_numbers (${values.columns}) SELECT ${values.columns} FROM ${values.source}
    ON CONFLICT (phone_number_id) DO NOTHING`);
}

/** A number added with what Meta said of it; null when it was listed already. */
export async function insertNumber(
  db: DbOrTx,
  phoneNumberId: string,
  name: string | null,
  state: PhoneNumberLimits,
): Promise<NumberRow | null> {
  const [row] = await db
    .insert(whatsappNumbers)
    .values({ phoneNumberId, name, ...stateColumns(state) })
    .onConflictDoNothing({ target: whatsappNumbers.phoneNumberId })
    .returning();
  return row ?? null;
}

export async function updateNumber(db: DbOrTx, id: number, change: { name?: string; enabled?: boolean }): Promise<NumberRow | null> {
  const [row] = await db
    .update(whatsappNumbers)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(whatsappNumbers.id, id))
    .returning();
  return row ?? null;
}

/** What Meta said of the number now. */
export async function recordNumberState(db: DbOrTx, phoneNumberId: string, state: PhoneNumberLimits): Promise<NumberRow | null> {
  const [row] = await db
    .update(whatsappNumbers)
    .set(stateColumns(state))
    .where(eq(whatsappNumbers.phoneNumberId, phoneNumberId))
    .returning();
  return row ?? null;
}

function stateColumns(state: PhoneNumberLimits) {
  return {
    displayPhoneNumber: state.displayPhoneNumber?.replace(/\D/g, '') || null,
    verifiedName: state.verifiedName,
    qualityRating: state.qualityRating,
    throughputLevel: state.throughputLevel,
    messagingLimit: state.tier === 'UNKNOWN' ? null : state.tier,
    checkedAt: new Date(),
  };
}
