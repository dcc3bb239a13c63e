import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import type { RealtimeEmit } from '../messages/message-events.ts';
import { messageStatusEmit } from '../messages/message-events.ts';
import { sweepEarlyStatuses } from '../messages/messages.repository.ts';
import { handleWebhookEvent } from './handle-webhook-event.ts';
import { claimWebhookEvents, markWebhookEventFailed, markWebhookEventProcessed } from './webhook-events.repository.ts';

export interface WebhookProcessorDeps {
  db: Db;
  log: FastifyBaseLogger;
  emit: (event: string, payload: unknown) => void;
  /** Called after a commit that queued inbound files, so they are downloaded at once. */
  onMediaQueued?: () => void;
}

/** After this many failed tries an event is left with its error for an admin to look at. */
export const WEBHOOK_MAX_ATTEMPTS = 5;

export interface WebhookProcessorOptions {
  batchSize?: number;
  intervalMs?: number;
  maxAttempts?: number;
  handle?: typeof handleWebhookEvent;
}

export type WebhookProcessor = ReturnType<typeof createWebhookProcessor>;

/**
 * Processes stored webhook events. Several servers can run it at once: each claims rows with
 * FOR UPDATE SKIP LOCKED. It runs when an event is stored and on an interval for leftovers.
 */
export function createWebhookProcessor({ db, log, emit, onMediaQueued }: WebhookProcessorDeps, options: WebhookProcessorOptions = {}) {
  const { batchSize = 50, intervalMs = 2000, maxAttempts = WEBHOOK_MAX_ATTEMPTS, handle = handleWebhookEvent } = options;
  let sweeping: Promise<void> | null = null;

  async function processBatch(): Promise<number> {
    const emits: RealtimeEmit[] = [];
    let mediaQueued = 0;
    const claimed = await db.transaction(async (tx) => {
      const rows = await claimWebhookEvents(tx, batchSize, maxAttempts);
      for (const row of rows) {
        try {
          // A savepoint per event: one bad event is marked failed without undoing the rest of the batch.
          const out = await tx.transaction((sp) => handle(sp, row.payload));
          await markWebhookEventProcessed(tx, row.id);
          emits.push(...out.emits);
          mediaQueued += out.mediaQueued;
        } catch (err) {
          log.warn({ err, webhookEventId: row.id }, 'webhook event failed to process');
          await markWebhookEventFailed(tx, row.id, err instanceof Error ? err.message : String(err));
        }
      }
      return rows.length;
    });
    // Only after commit, so no screen shows what could still roll back.
    for (const { event, payload } of emits) emit(event, payload);
    if (mediaQueued > 0) onMediaQueued?.();
    return claimed;
  }

  async function sweep(): Promise<void> {
    const results = await db.transaction((tx) => sweepEarlyStatuses(tx));
    for (const { event, payload } of results.flatMap(({ message }) => messageStatusEmit(message))) emit(event, payload);
  }

  const loop = createKickableLoop({
    run: async (stopping) => {
      while (!stopping() && (await processBatch()) === batchSize) {}
    },
    intervalMs,
    onTick: () => {
      sweeping ??= sweep()
        .catch((err) => log.error({ err }, 'early status sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    },
    runsBeforeStart: true,
    onError: (err) => log.error({ err }, 'webhook processing failed'),
  });

  return {
    /** Processes waiting events now; calls while a run is going make it go round once more. */
    kick: loop.kick,
    start: loop.start,
    async stop(): Promise<void> {
      await loop.stop();
      while (sweeping) await sweeping;
    },
  };
}
