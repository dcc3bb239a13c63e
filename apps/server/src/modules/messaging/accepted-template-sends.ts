import type { MessageContent } from '@wac/contract/whatsapp-messages';
import { isBsuid } from '@wac/contract/whatsapp-user-id';
import type { Tx } from '../../db/database.ts';
import { afterCommit } from '../../realtime/after-commit.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { upsertContacts } from './contact-identities.repository.ts';
import { conversationKey, upsertConversations } from './inbound-messages.repository.ts';
import { applyEarlyStatuses, lockWamids, wamidsWithEarlyStatuses } from './message-statuses.repository.ts';
import { insertTemplateMessages, messageIdsByWamids, messagesByWamids, touchConversations } from './messages.repository.ts';
import { outboundMessageEmits } from './outbound-message-events.ts';

/** A template message Meta has accepted for a customer, sent on the business's behalf (by a campaign). */
export interface AcceptedTemplateSend {
  /** The contact's key: canonical E.164 digits, or the BSUID of a customer known by no number. */
  phone: string;
  /** Where it was sent, for a contact not known yet. */
  waId: string;
  /** The business number it left from: the conversation it is stored in. */
  phoneNumberId: string;
  name: string | null;
  wamid: string;
  templateName: string;
  content: MessageContent;
  sentAt: Date;
}

/**
 * Stores many accepted template sends in their customers' conversations, in a few statements however many there
 * are, so agents see what the customer received when they answer. A wamid stored before is left as it is (a send
 * settled twice stores one message); statuses that raced ahead of the send are applied. Every console is told of the
 * new messages and their conversations once the caller's transaction commits. Answers message ids by wamid.
 */
export async function storeAcceptedTemplates(
  tx: Tx,
  deps: { realtime: Realtime },
  sends: AcceptedTemplateSend[],
): Promise<Map<string, number>> {
  if (sends.length === 0) return new Map();
  // A known contact keeps the number and name WhatsApp reported.
  const contacts = await upsertContacts(
    tx,
    sends.map(({ phone, waId, name }) => (isBsuid(phone) ? { phone: null, bsuid: phone, waId: null, name } : { phone, waId, name })),
    { keepKnown: true },
  );
  const contactIds = new Map(sends.map((send, k) => [send, contacts[k]?.id as number]));
  const keyOf = (send: AcceptedTemplateSend) => ({ contactId: contactIds.get(send) as number, phoneNumberId: send.phoneNumberId });
  const conversationIds = await upsertConversations(tx, sends.map(keyOf));
  const wamids = sends.map((send) => send.wamid);
  await lockWamids(tx, wamids);
  const stored = await insertTemplateMessages(
    tx,
    sends.map((send) => ({
      conversationId: conversationIds.get(conversationKey(keyOf(send))) as number,
      wamid: send.wamid,
      content: send.content,
      templateName: send.templateName,
      timestamp: send.sentAt,
    })),
  );
  await touchConversations(tx, stored);
  const ids = new Map(stored.map((row) => [row.wamid, row.id]));
  const early = await wamidsWithEarlyStatuses(tx, wamids);
  if (early.length > 0) {
    const raced = await messagesByWamids(tx, early);
    for (const message of raced) if (ids.has(message.wamid as string)) await applyEarlyStatuses(tx, message);
  }
  const emits = await outboundMessageEmits(
    tx,
    stored.map((row) => row.id),
  );
  afterCommit(tx, () => deps.realtime.toEveryoneAll(emits));
  // A wamid stored before (a send settled twice) keeps its message.
  const before = wamids.filter((wamid) => !ids.has(wamid));
  for (const row of await messageIdsByWamids(tx, before)) ids.set(row.wamid as string, row.id);
  return ids;
}
