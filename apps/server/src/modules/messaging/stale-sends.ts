import type { MessageError } from '@wac/contract/whatsapp-messages';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import type { MessageRow } from './messages.repository.ts';

/** Longer than any send can take: 4 attempts of at most 60 s each, with their backoff. */
export const STALE_SEND_MS = 10 * 60_000;

export const UNKNOWN_OUTCOME: MessageError = {
  code: null,
  title: 'Send outcome unknown',
  details:
    'The server stopped before Meta answered this send, so it may or may not have reached the customer. Check with them before you retry.',
};

/**
 * A send still waiting for Meta's answer long after any send could have ended (the server stopped mid-send, or could
 * not record the answer) is failed with UNKNOWN_OUTCOME, so the agent sees it and can retry it.
 */
export function failStaleSends(db: Db, olderThanMs = STALE_SEND_MS): Promise<MessageRow[]> {
  return db
    .update(messages)
    .set({
      status: 'failed',
      failedAt: sql`now()`,
      errorCode: UNKNOWN_OUTCOME.code,
      errorTitle: UNKNOWN_OUTCOME.title,
      errorDetails: UNKNOWN_OUTCOME.details,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(messages.status, 'pending'),
        eq(messages.direction, 'outbound'),
        isNull(messages.wamid),
        lt(messages.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .returning();
}
