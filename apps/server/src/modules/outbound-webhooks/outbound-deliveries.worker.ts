import {
  OUTBOUND_DELIVERY_HEADER,
  OUTBOUND_EVENT_HEADER,
  OUTBOUND_SIGNATURE_HEADER,
  OUTBOUND_TIMEOUT_MS,
  OUTBOUND_TIMESTAMPED_SIGNATURE_HEADER,
  type OutboundPayload,
  outboundWebhookEventNames,
} from '@wac/contract/outbound-webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import type { DestinationOptions } from '../../lib/checked-destination.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { type PostOutcome, postDelivery } from './outbound-post.ts';
import { nextAttemptAt, type RetryPolicy } from './outbound-retry.ts';
import { signatureOf, timestampedSignatureOf } from './outbound-signature.ts';
import { deliveryEvent } from './outbound-webhook-view.ts';
import { type ClaimedDelivery, claimDueDeliveries, type DeliveryRow, finishAttempt } from './outbound-webhooks.repository.ts';

export interface DeliveryWorkerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Opens the subscriptions' sealed signing secrets. */
  secrets: SecretBox;
  /** Which addresses deliveries may go to (the webhooks.allowed_hosts setting), checked at every attempt. */
  destination: DestinationOptions;
  retry: RetryPolicy;
  /** Tells admins' consoles of each recorded attempt. */
  realtime: Pick<Realtime, 'toAdmins'>;
}

export interface DeliveryWorkerOptions {
  /** Deliveries on their way at once from this server. */
  concurrency?: number;
  /** Safety-net poll for deliveries queued by other servers, retries that came due and a crash's leftovers. */
  intervalMs?: number;
  timeoutMs?: number;
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

const USER_AGENT = 'WhatsApp-Agent-Chat-Webhooks/1';

/** The exact bytes sent and signed: the stored payload with its fields in a fixed order, the same at every attempt. */
export function deliveryBody(payload: OutboundPayload): string {
  return JSON.stringify({ id: payload.id, event: payload.event, createdAt: payload.createdAt, data: payload.data });
}

/** An attempt that never left: nothing was sent, and `final` says whether trying again could change that. */
const notSent = (response: string, final: boolean): PostOutcome & { final: boolean } => ({
  ok: false,
  statusCode: null,
  response,
  durationMs: 0,
  final,
});

/**
 * Delivers queued events to their subscriptions: signed POSTs, each delivery's attempts spaced by the retry policy
 * until its window ends. Several servers can run it: deliveries are claimed with SKIP LOCKED and leased, so a crash
 * mid-attempt only delays it. Freed slots take the next due deliveries without waiting for the rest of their batch.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions = {}) {
  const { db, log, secrets, destination, retry } = deps;
  const { concurrency = 16, intervalMs = 1_000, timeoutMs = OUTBOUND_TIMEOUT_MS } = options;
  // Past the longest attempt (the timeout bounds lookup, connection and answer), with room for recording it.
  const leaseMs = timeoutMs * 3;
  const refillAt = Math.max(1, Math.floor(concurrency / 4));
  const inFlight = new Set<Promise<unknown>>();
  // Deliveries on their way per subscription: one subscription leaves two slots to the others.
  const perWebhook = Math.max(1, concurrency - 2);
  const busy = new Map<number, number>();

  async function post({ delivery, webhook }: ClaimedDelivery): Promise<PostOutcome & { final?: boolean }> {
    if (!webhook.active) return notSent('Not sent: the subscription is paused', true);
    const secret = secrets.open(webhook.secretSealed);
    if (secret === null)
      return notSent('Not sent: the signing secret cannot be read (the key in DATA_DIR changed); rotate the secret', false);
    const body = deliveryBody(delivery.payload as OutboundPayload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [OUTBOUND_EVENT_HEADER]: delivery.event,
      [OUTBOUND_DELIVERY_HEADER]: String(delivery.id),
      [OUTBOUND_TIMESTAMPED_SIGNATURE_HEADER]: timestampedSignatureOf(secret, body, new Date()),
      [OUTBOUND_SIGNATURE_HEADER]: signatureOf(secret, body),
    };
    return postDelivery({ url: webhook.url, headers, body, timeoutMs }, destination);
  }

  /** One attempt, recorded; a test event is tried once. Null when the delivery was no longer this attempt's to record. */
  async function attempt(claimed: ClaimedDelivery): Promise<DeliveryRow | null> {
    const { delivery } = claimed;
    const startedAt = new Date();
    const outcome = await post(claimed);
    const retries = !outcome.ok && !outcome.final && delivery.event !== 'test';
    const next = retries ? nextAttemptAt(retry, delivery.createdAt, delivery.attempts, new Date()) : null;
    const state = outcome.ok ? 'delivered' : next ? 'pending' : 'failed';
    if (state === 'failed') log.info({ deliveryId: delivery.id, attempts: delivery.attempts }, 'outbound webhook delivery given up');
    const recorded = await finishAttempt(db, delivery, {
      startedAt,
      statusCode: outcome.statusCode,
      response: outcome.response,
      durationMs: outcome.durationMs,
      state,
      nextAttemptAt: next,
    });
    if (recorded) deps.realtime.toAdmins(outboundWebhookEventNames.delivery, deliveryEvent(recorded));
    return recorded;
  }

  function track(claimed: ClaimedDelivery): void {
    const { webhookId } = claimed.delivery;
    busy.set(webhookId, (busy.get(webhookId) ?? 0) + 1);
    const tracked = attempt(claimed)
      .catch((err) => log.error({ err }, 'an outbound webhook delivery could not be recorded; its lease brings it round again'))
      .finally(() => {
        inFlight.delete(tracked);
        const left = (busy.get(webhookId) ?? 1) - 1;
        if (left > 0) busy.set(webhookId, left);
        else busy.delete(webhookId);
      });
    inFlight.add(tracked);
  }

  /** Claims due deliveries into the free slots until none is due; a few slots at a time, not a statement per delivery. */
  async function deliverDue(stopping: () => boolean): Promise<void> {
    while (!stopping()) {
      const free = concurrency - inFlight.size;
      if (free < refillAt && inFlight.size > 0) {
        await Promise.race(inFlight);
        continue;
      }
      const claimed = await claimDueDeliveries(db, free, leaseMs, { perWebhook, busy });
      for (const one of claimed) track(one);
      if (claimed.length < free) return;
    }
  }

  const loop = createKickableLoop({
    run: deliverDue,
    intervalMs,
    onError: (err) => log.error({ err }, 'outbound webhook deliveries failed'),
  });

  return {
    /** Looks for due deliveries now; a call during a pass makes it look once more when done. */
    kick: loop.kick,
    start: loop.start,
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all(inFlight);
    },
    attempt,
    leaseMs,
  };
}
