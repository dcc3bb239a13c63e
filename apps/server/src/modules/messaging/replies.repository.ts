import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/**
 * How many of these messages the customer answered within `hours` of them: a message of theirs in the same
 * conversation after it (Meta times customers' messages to the second, so within its second counts) and no later than
 * that (a campaign's "replied"). Each is one look into the conversation's messages by time (messages_conversation_time_idx).
 */
export async function repliedWithin(db: DbOrTx, messageIds: readonly number[], hours: number): Promise<number> {
  if (messageIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM messages m
    WHERE m.id = ANY(${sql.param(messageIds)}::int[]) AND EXISTS (
      SELECT 1 FROM messages r
      WHERE r.conversation_id = m.conversation_id AND r.direction = 'inbound'
        AND r.timestamp >= date_trunc('second', m.timestamp) AND r.timestamp <= m.timestamp + make_interval(hours => ${hours}::int))`);
  return rows[0]?.n ?? 0;
}
