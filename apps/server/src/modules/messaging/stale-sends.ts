import type { MessageError } from '@wac/contract/whatsapp-messages';
import type { Db } from '../../db/database.ts';
import { failPendingSendsWithoutWamid, type MessageRow } from './messages.repository.ts';

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
  return failPendingSendsWithoutWamid(db, olderThanMs, UNKNOWN_OUTCOME);
}
