import type { MessageRate, PricingCategory } from '@wac/contract/pricing';
import { asc } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { messagePrices } from '../../db/schema.ts';

export async function listRates(db: DbOrTx): Promise<MessageRate[]> {
  const rows = await db.select().from(messagePrices).orderBy(asc(messagePrices.market), asc(messagePrices.category));
  return rows.map((row) => ({ market: row.market, category: row.category as PricingCategory, price: row.price }));
}

/** The whole table, replaced in the caller's transaction. */
export async function replaceRates(tx: Tx, rates: readonly MessageRate[]): Promise<void> {
  await tx.delete(messagePrices);
  if (rates.length > 0) await tx.insert(messagePrices).values(rates.map((rate) => ({ ...rate })));
}
