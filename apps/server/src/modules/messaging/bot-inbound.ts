import type { SessionState } from '@wac/contract/agent-sessions';
import type { MessageContent, MessageType } from '@wac/contract/whatsapp-messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { unnestRows } from '../../db/unnest-rows.ts';
import type { StoredInbound } from '../../events/domain-events.ts';

/** What a bot takes as the customer's answer: a tapped button or list row (its id and title), else the text or caption. */
export function botInput(content: MessageContent): { text: string | null; replyId: string | null } {
  if (content.reply) return { text: content.reply.title, replyId: content.reply.id };
  return { text: typeof content.text === 'string' ? content.text : null, replyId: null };
}

type Row = {
  id: number;
  conversationId: number;
  type: MessageType;
  content: MessageContent;
  sessionState: SessionState;
  earlier: boolean;
};

/**
 * Customers' messages as bots read them, in the order given, with their conversations' session state as it is now
 * (within the caller's transaction). One statement however many; a message not found is left out.
 */
export async function inboundForBots(db: DbOrTx, messageIds: readonly number[]): Promise<StoredInbound[]> {
  if (messageIds.length === 0) return [];
  const given = unnestRows('s', [
    ['id', 'int', messageIds],
    ['ord', 'int', messageIds.map((_, k) => k)],
  ]);
  // Whether anything came before: the conversation's oldest message is found first in its (time, id) index.
  const rows = await db.execute<Row>(sql`
    SELECT m.id, m.conversation_id AS "conversationId", m.type, m.content, c.session_state AS "sessionState",
      EXISTS (SELECT 1 FROM messages e WHERE e.conversation_id = m.conversation_id AND e.id < m.id) AS earlier
    FROM ${given.source}
    JOIN messages m ON m.id = s.id AND m.direction = 'inbound'
    JOIN conversations c ON c.id = m.conversation_id
    ORDER BY s.ord`);
  return rows.rows.map((row) => ({
    messageId: row.id,
    conversationId: row.conversationId,
    type: row.type,
    sessionState: row.sessionState,
    isNewConversation: !row.earlier,
    ...botInput(row.content ?? {}),
  }));
}
