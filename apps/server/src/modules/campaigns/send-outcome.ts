import { describeWhatsAppError } from '@wac/contract/whatsapp-errors';
import { CloudApiError } from '../../whatsapp/cloud-api-client.ts';
import type { RecipientChange } from './campaign-dispatch.repository.ts';
import type { RecipientRow } from './campaigns.repository.ts';

/** Transient failures (Meta's 5xx, 131000) are tried this many times in all before the recipient fails. */
export const MAX_TRANSIENT_ATTEMPTS = 3;
const PAIR_RATE_WAIT_MS = 10_000;
const THROUGHPUT_WAIT_MS = 1_000;

export type SendOutcome =
  | { kind: 'sent'; wamid: string }
  /** Meta answered no: the message was not sent. */
  | { kind: 'refused'; error: CloudApiError }
  /** The request never left (connection refused): nothing reached Meta. */
  | { kind: 'not-sent'; reason: string }
  /** The answer was lost (timeout, connection reset): Meta may have the message; only its status webhook can tell. */
  | { kind: 'in-doubt'; reason: string };

const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

/** What a failed send tells about where the message is. */
export function outcomeOfError(err: unknown): SendOutcome {
  if (err instanceof CloudApiError) return { kind: 'refused', error: err };
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  const reason = err instanceof Error ? err.message : String(err);
  return cause?.code && NEVER_CONNECTED.has(cause.code) ? { kind: 'not-sent', reason } : { kind: 'in-doubt', reason };
}

const cleared = { errorCode: null, errorTitle: null, errorDetails: null };

const backoffMs = (attempts: number) => 2 ** attempts * 1000;

export interface SettleDecision {
  /** Null: the row stays as it is (in doubt, or already moved on by a status webhook). */
  change: RecipientChange | null;
  /** Meta's throughput limit (130429): the number slows down. */
  slowDown: boolean;
}

/**
 * How a recipient's row changes once its send has an outcome. `current` is the row as locked now: a status webhook
 * may have settled it first, and is never undone.
 */
export function settleDecision(current: RecipientRow, outcome: SendOutcome, now: Date): SettleDecision {
  const keep = { change: null, slowDown: false };
  if (outcome.kind === 'sent') {
    const sent = { id: current.id, wamid: outcome.wamid, sentAt: now };
    // A send given up as unknown while its answer was still coming (a grace shorter than the answer) is known now.
    // Requeued meanwhile by an admin's retry: Meta has it, so it must not go again either.
    if (current.state === 'unknown' || current.state === 'pending') {
      return { change: { ...sent, ...cleared, notBefore: null, state: 'sent' }, slowDown: false };
    }
    return { change: current.state === 'sending' ? { ...sent, state: 'sent' } : { ...sent, state: current.state }, slowDown: false };
  }
  if (current.state !== 'sending') return keep;
  if (outcome.kind === 'in-doubt') return keep;
  const retryAt = (ms: number) => ({ id: current.id, state: 'pending' as const, notBefore: new Date(now.getTime() + ms) });
  if (outcome.kind === 'not-sent') {
    return {
      change: current.attempts < MAX_TRANSIENT_ATTEMPTS ? retryAt(backoffMs(current.attempts)) : failed(current, null, outcome.reason, now),
      slowDown: false,
    };
  }
  const { error } = outcome;
  if (error.code === 131056) return { change: retryAt(PAIR_RATE_WAIT_MS), slowDown: false };
  if (error.kind === 'rate_limit') return { change: retryAt(THROUGHPUT_WAIT_MS), slowDown: true };
  if (error.kind === 'transient' && current.attempts < MAX_TRANSIENT_ATTEMPTS) {
    return { change: retryAt(backoffMs(current.attempts)), slowDown: false };
  }
  return { change: failed(current, error.code ?? null, error.metaMessage, now), slowDown: false };
}

function failed(current: RecipientRow, code: number | null, message: string, now: Date): RecipientChange {
  const info = describeWhatsAppError(code ?? undefined, message);
  return { id: current.id, state: 'failed', errorCode: code, errorTitle: info.title, errorDetails: info.explanation, failedAt: now };
}
