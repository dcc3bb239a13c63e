import type { MessageError } from '@wac/contract/whatsapp-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import { type DomainEvents, publishInTransaction } from '../../events/domain-events.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import { messageStatusEmit, messageStatusEvent } from './message-events.ts';
import { assignWamid, type MessageRow, markSendFailed } from './messages.repository.ts';

/** Meta's code, title and details of a refused send, or what went wrong on the way. */
export function sendErrorOf(err: unknown): MessageError {
  if (err instanceof CloudApiError) return { code: err.code ?? null, title: err.title, details: err.details ?? err.metaMessage };
  return { code: null, title: 'The message could not be sent', details: err instanceof Error ? err.message : String(err) };
}

/**
 * Hands a committed pending message to the Graph API and records the outcome: Meta's wamid (statuses
 * that raced ahead are applied), or failed with Meta's code, title and details so the agent can retry.
 */
export async function dispatch(
  deps: { db: Db; log: FastifyBaseLogger; realtime: Realtime; events: DomainEvents },
  messageId: number,
  send: () => Promise<{ wamid: string }>,
): Promise<MessageRow> {
  let wamid: string;
  try {
    ({ wamid } = await send());
  } catch (err) {
    deps.log.warn({ err, messageId }, 'WhatsApp send failed');
    return inTransaction(deps.db, async (tx) => {
      const failed = await markSendFailed(tx, messageId, sendErrorOf(err));
      await toldOfStatuses(tx, deps, [failed]);
      afterCommit(tx, () => deps.realtime.toEveryoneAll(messageStatusEmit(failed)));
      return failed;
    });
  }
  return inTransaction(deps.db, async (tx) => {
    const result = await assignWamid(tx, messageId, wamid);
    if (result.changed) {
      // Statuses Meta sent before its answer arrived, applied now: subscribers hear of them as of any other.
      await toldOfStatuses(tx, deps, [result.message]);
      afterCommit(tx, () => deps.realtime.toEveryoneAll(messageStatusEmit(result.message)));
    }
    return result.message;
  });
}

/**
 * Tells other domains (outbound webhooks) of statuses that did not come in a webhook: a send Meta refused at once,
 * statuses applied once the wamid is known. In the caller's transaction, their work run once it commits.
 */
export async function toldOfStatuses(
  tx: Tx,
  deps: { events: DomainEvents; realtime: Realtime },
  messages: readonly MessageRow[],
): Promise<void> {
  await publishInTransaction(
    tx,
    deps,
    messages.map((message) => ({ type: 'message.status', status: messageStatusEvent(message) })),
  );
}
