import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export interface ConversationsNow {
  open: number;
  waiting: number;
}

/**
 * Conversations as they stand, whatever the range: open = held by an agent; waiting = handed to the agents by the bot,
 * taken by none, and with no human reply since (an agent's template takes nothing over, so it is looked for). Reads
 * conversations in the agent state only, and each waiting one's messages since the handoff through
 * messages_conversation_time_idx. With an agent, open counts theirs (waiting ones are nobody's yet); with a number,
 * both count its conversations.
 */
export async function conversationsNow(db: Db, only: { agentId?: number; phoneNumberId?: string }): Promise<ConversationsNow> {
  const { rows } = await db.execute<{ open: number; waiting: number }>(sql`
    SELECT
      count(*) FILTER (WHERE c.session_user_id IS NOT NULL ${only.agentId === undefined ? sql`` : sql`AND c.session_user_id = ${only.agentId}`})::int AS open,
      count(*) FILTER (
        WHERE c.session_user_id IS NULL AND NOT EXISTS (
          SELECT 1 FROM messages m
          WHERE m.conversation_id = c.id AND m.timestamp >= c.session_changed_at
            AND m.direction = 'outbound' AND m.user_id IS NOT NULL
        )
      )::int AS waiting
    FROM conversations c
    WHERE c.session_state = 'agent' ${only.phoneNumberId === undefined ? sql`` : sql`AND c.phone_number_id = ${only.phoneNumberId}`}`);
  return { open: rows[0]?.open ?? 0, waiting: rows[0]?.waiting ?? 0 };
}
