import { desc, eq, gte, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { contacts, conversations } from '../../db/schema.ts';
import { contactAddressColumn } from './contacts.repository.ts';

export interface RecentCustomer {
  /** Canonical E.164 digits, or the BSUID of a customer known by no number. */
  phone: string;
  waId: string;
  name: string | null;
}

/** Customers who wrote to the business since `since`, latest first, at most `limit` (a campaign's audience). */
export function customersWritingSince(db: DbOrTx, since: Date, limit: number): Promise<RecentCustomer[]> {
  return db
    .select({ phone: contactAddressColumn, waId: contacts.waId, name: contacts.name })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(gte(conversations.lastInboundAt, since))
    .groupBy(contacts.id)
    .orderBy(desc(max(conversations.lastInboundAt)))
    .limit(limit);
}
