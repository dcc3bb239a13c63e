import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_WINDOW_MS } from '@wac/contract/api-keys';
import type { ChatMessage } from '@wac/contract/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict } from '../../http/app-error.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  type IdempotencyClaim,
  type IdempotencyRow,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency.repository.ts';

/** Set on an answer given again from a first request's, so a caller can tell nothing was sent this time. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
const IDEMPOTENCY_KEY_MAX = 255;
const HEADER_NAME = 'Idempotency-Key';
// A claim lost to a first request that then failed and let go of its key is tried again, a few times at most.
const CLAIM_ATTEMPTS = 3;

/** A send's answer: 201 with the stored message, or the first request's answer again (`replayed`). */
export interface SendAnswer {
  status: number;
  body: { message: ChatMessage };
  replayed: boolean;
}

/** 201 with the message, or the first request's answer again when the Idempotency-Key was seen. */
export function sendAnswer(reply: FastifyReply, answer: SendAnswer) {
  if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.status(answer.status).send(answer.body);
}

const invalidKey = (message: string) => badRequest(`${HEADER_NAME} ${message}`, [{ field: HEADER_NAME, message }]);

/** The header's value; null when absent. Printable ASCII only, as Stripe and the IETF draft take it. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (Array.isArray(value)) throw invalidKey('must be given once');
  const key = value.trim();
  if (key.length === 0) throw invalidKey('must not be empty');
  if (key.length > IDEMPOTENCY_KEY_MAX) throw invalidKey(`must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  if (!/^[\x20-\x7e]+$/.test(key)) throw invalidKey('must be printable ASCII');
  return key;
}

/** The same endpoint with the same parsed input, whatever the JSON's spacing or key order. */
function requestHash(request: FastifyRequest, fingerprint: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, fingerprint]))
    .digest('hex');
}

function repeatOf(claim: IdempotencyClaim, first: IdempotencyRow): SendAnswer {
  if (first.requestHash !== claim.requestHash) {
    const message = 'was already used with a different request';
    throw new AppError('VALIDATION_ERROR', `${HEADER_NAME} ${message}`, 422, [{ field: HEADER_NAME, message }]);
  }
  if (first.statusCode === null) throw conflict(`A request with this ${HEADER_NAME} is still being processed`);
  const { message } = first.response as SendAnswer['body'];
  // An answer kept before messages had a sentiment (within a day of that upgrade) is answered in today's shape.
  return { status: first.statusCode, body: { message: { ...message, sentiment: message.sentiment ?? null } }, replayed: true };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * Idempotency-Key on the key-authenticated sends (24 hours per key). The first request takes the key and sends;
 * a repeat with the same input answers the first answer and sends nothing, or 409 while the first is still running;
 * the same key with other input is refused (422). Only answers that stored a message (201, even one Meta then
 * refused: it is in the chat, failed, to retry there) are kept; a request refused before anything was stored (bad
 * input, closed window, quota) lets go of its key, so the caller may fix it and try again with the same key; a
 * failure after that (a 5xx, a crash) keeps the key taken until it expires, as the message may have gone.
 * Bearer-token calls (the console's send-template) send without it.
 */
export function createIdempotency(db: Db) {
  async function firstRun(claim: IdempotencyClaim, send: () => Promise<ChatMessage>): Promise<SendAnswer> {
    let message: ChatMessage;
    try {
      message = await send();
    } catch (err) {
      // Refusals (4xx) come before anything is stored or sent. Anything else may have come after Meta took the
      // message: the key stays taken (409 until it expires), so a retry can never send it twice.
      if (err instanceof AppError && err.status < 500) await releaseIdempotencyKey(db, claim);
      throw err;
    }
    const body = { message };
    await storeIdempotentAnswer(db, claim, 201, body);
    return { status: 201, body, replayed: false };
  }

  return {
    /** Runs `send` at most once per API key and Idempotency-Key; `fingerprint` is the parsed input it sends. */
    async sendOnce(request: FastifyRequest, fingerprint: unknown, send: () => Promise<ChatMessage>): Promise<SendAnswer> {
      const key = request.apiKey;
      const idempotencyKey = key ? idempotencyKeyOf(request) : null;
      let answer: SendAnswer | null = null;
      if (!key || idempotencyKey === null) {
        answer = { status: 201, body: { message: await send() }, replayed: false };
      } else {
        const claim = { keyId: key.id, idempotencyKey, requestHash: requestHash(request, fingerprint) };
        for (let attempt = 0; !answer && attempt < CLAIM_ATTEMPTS; attempt++) {
          if (await claimIdempotencyKey(db, claim, new Date(Date.now() - IDEMPOTENCY_WINDOW_MS))) {
            answer = await firstRun(claim, send);
          } else {
            const first = await findIdempotencyKey(db, claim);
            if (first) answer = repeatOf(claim, first);
          }
        }
        if (!answer) throw conflict(`A request with this ${HEADER_NAME} is still being processed`);
      }
      if (key) request.apiCallLog = { messageId: answer.body.message.id, replayed: answer.replayed };
      return answer;
    },
  };
}
