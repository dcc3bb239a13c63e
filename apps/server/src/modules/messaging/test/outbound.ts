import type { Db } from '../../../db/database.ts';
import { upsertContact } from '../contact-identities.repository.ts';
import { upsertConversation } from '../inbound-messages.repository.ts';
import { insertOutbound } from '../messages.repository.ts';

/** Stores a message as the send path will once the Graph API has given it a wamid. */
export function storeOutbound(db: Db, input: { phone: string; phoneNumberId: string; wamid: string; text?: string }) {
  return db.transaction(async (tx) => {
    const contact = await upsertContact(tx, { phone: input.phone, waId: input.phone, name: null });
    const conversationId = await upsertConversation(tx, contact.id, input.phoneNumberId);
    return insertOutbound(tx, { conversationId, wamid: input.wamid, type: 'text', content: { text: input.text ?? 'Hello' } });
  });
}
