import type { MessageContent } from '@wac/contract/whatsapp-messages';
import type { DbOrTx } from '../../db/database.ts';
import type { StoredInbound } from '../../events/domain-events.ts';
import { inboundWithSessions } from './inbound-messages.repository.ts';

/** What a bot takes as the customer's answer: a tapped button or list row (its id and title), else the text or caption. */
export function botInput(content: MessageContent): { text: string | null; replyId: string | null } {
  if (content.reply) return { text: content.reply.title, replyId: content.reply.id };
  return { text: typeof content.text === 'string' ? content.text : null, replyId: null };
}

/**
 * Customers' messages as bots read them, in the order given, with their conversations' session state as it is now
 * (within the caller's transaction). One statement however many; a message not found is left out.
 */
export async function inboundForBots(db: DbOrTx, messageIds: readonly number[]): Promise<StoredInbound[]> {
  if (messageIds.length === 0) return [];
  const rows = await inboundWithSessions(db, messageIds);
  return rows.map((row) => ({
    messageId: row.id,
    conversationId: row.conversationId,
    type: row.type,
    sessionState: row.sessionState,
    isNewConversation: !row.earlier,
    phoneNumberId: row.phoneNumberId,
    ...botInput(row.content ?? {}),
  }));
}
