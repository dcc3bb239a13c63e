import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { contacts, conversations, messages } from '../../db/schema.ts';
import { contactAddressColumn } from './contacts.repository.ts';

/** The customer's number (E.164 digits), or BSUID when no number is known, of each message's conversation, by message id; messages that are gone are absent. */
export async function phonesOfMessages(db: DbOrTx, messageIds: readonly number[]): Promise<Map<number, string>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: messages.id, phone: contactAddressColumn })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(inArray(messages.id, [...messageIds]));
  return new Map(rows.map((row) => [row.id, row.phone]));
}
