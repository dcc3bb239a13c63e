import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { contacts, conversations, earlyStatuses, messages, webhookEvents } from '../../db/schema.ts';

/** Read-only looks at the WhatsApp tables for assertions. */
export function whatsappTables(db: Db) {
  return {
    events: () => db.select().from(webhookEvents).orderBy(asc(webhookEvents.id)),
    contacts: () => db.select().from(contacts).orderBy(asc(contacts.id)),
    conversations: () => db.select().from(conversations).orderBy(asc(conversations.id)),
    messages: () => db.select().from(messages).orderBy(asc(messages.id)),
    message: async (wamid: string) => (await db.select().from(messages).where(eq(messages.wamid, wamid)))[0],
    earlyStatuses: (wamid: string) => db.select().from(earlyStatuses).where(eq(earlyStatuses.wamid, wamid)),
    /** True once every stored webhook event has been processed. */
    allProcessed: async () => (await db.select().from(webhookEvents)).every((e) => e.processedAt !== null),
  };
}
