import { parseCustomerAddress } from '@wac/contract/whatsapp-user-id';
import { and, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { contacts } from '../../db/schema.ts';

/** What a customer is known by in paths and events: the number when known, else the BSUID (contactAddress). */
export const contactAddressColumn = sql<string>`coalesce(${contacts.phone}, ${contacts.bsuid})`;

/** A contact as the API shows it (contactSchema). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  phone: contacts.phone,
  waId: contacts.waId,
  bsuid: contacts.bsuid,
  username: contacts.username,
};

/** The customers stop (a time) or resume (null) the business's marketing messages. */
export async function setMarketingOptOut(tx: DbOrTx, contactIds: readonly number[], since: Date | null): Promise<void> {
  if (contactIds.length === 0) return;
  await tx
    .update(contacts)
    .set({ marketingOptOutAt: since, updatedAt: new Date() })
    .where(inArray(contacts.id, [...contactIds]));
}

/** The customers some business messages were refused for because they stopped marketing messages (error 131050). */
export async function markMarketingOptOutOfMessages(tx: DbOrTx, wamids: readonly string[], since: Date): Promise<void> {
  if (wamids.length === 0) return;
  await tx.execute(sql`
    UPDATE contacts ct SET marketing_opt_out_at = ${since.toISOString()}::timestamptz, updated_at = now()
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.wamid = ANY(${sql.param([...wamids])}::text[]) AND c.contact_id = ct.id AND ct.marketing_opt_out_at IS NULL`);
}

/** Which of these customers (numbers in any writing, or BSUIDs) stopped marketing messages, answered in the form given. */
export async function marketingOptedOut(db: DbOrTx, customers: readonly string[]): Promise<Set<string>> {
  const byKey = new Map<string, string[]>();
  for (const customer of customers) {
    const address = parseCustomerAddress(customer);
    const key = address?.phone ?? address?.bsuid;
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), customer]);
  }
  if (byKey.size === 0) return new Set();
  const keys = [...byKey.keys()];
  const rows = await db
    .select({ phone: contacts.phone, bsuid: contacts.bsuid })
    .from(contacts)
    .where(and(or(inArray(contacts.phone, keys), inArray(contacts.bsuid, keys)), isNotNull(contacts.marketingOptOutAt)));
  return new Set(rows.flatMap((row) => [...(byKey.get(row.phone ?? '') ?? []), ...(byKey.get(row.bsuid ?? '') ?? [])]));
}
