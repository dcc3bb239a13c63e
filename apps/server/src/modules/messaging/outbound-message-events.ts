import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import type { DbOrTx } from '../../db/database.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { toChatMessage } from './chat-message.ts';
import { toConversationSummary } from './conversation-views.ts';
import { conversationSummaries } from './conversations.repository.ts';
import { messagesByIds } from './messages.repository.ts';

/**
 * The summaries of the conversations the business just wrote in, as every list shows them: a list that had not loaded
 * one (it was just opened, or is further down) puts it on top rather than fetching itself again.
 */
export async function conversationUpdatedEmits(db: DbOrTx, conversationIds: readonly number[]): Promise<RealtimeEmit[]> {
  const ids = [...new Set(conversationIds)];
  if (ids.length === 0) return [];
  const rows = await conversationSummaries(db, ids);
  return rows.map((row) => ({ event: whatsappEventNames.conversationUpdated, payload: { conversation: toConversationSummary(row) } }));
}

/**
 * Messages the business sent with nobody at the console (a campaign), as every console is told of them: their
 * conversations first, then each message for the open threads, as they now are (statuses that raced ahead applied).
 */
export async function outboundMessageEmits(db: DbOrTx, messageIds: readonly number[]): Promise<RealtimeEmit[]> {
  if (messageIds.length === 0) return [];
  const rows = await messagesByIds(db, messageIds);
  const conversations = await conversationUpdatedEmits(
    db,
    rows.map((row) => row.conversationId),
  );
  const sent = rows.map(
    (row): RealtimeEmit => ({
      event: whatsappEventNames.agentMessageSent,
      payload: { conversationId: row.conversationId, message: toChatMessage(row) },
    }),
  );
  return [...conversations, ...sent];
}
