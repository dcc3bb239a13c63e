import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import { afterCommit, inSavepoint, inTransaction } from '../../realtime/after-commit.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { handleWebhookEvents, type WebhookBatchHooks, type WebhookEventOutcome } from './handle-webhook-events.ts';
import { messageStatusEmit } from './message-events.ts';
import { sweepEarlyStatuses } from './message-statuses.repository.ts';
import { claimWebhookEvents, markWebhookEventFailed, markWebhookEventsProcessed } from './webhook-events.repository.ts';

export interface WebhookProcessorDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Sends a batch's events to the sockets. */
  broadcast: (emits: RealtimeEmit[]) => void;
  /** Called after a commit that queued inbound files, so they are downloaded at once. */
  onMediaQueued?: () => void;
  /** Called after a commit that stored customers' texts, so the sentiment scorer reads them at once. */
  onTextsQueued?: () => void;
  /** The opt-out words' answers, and the domains subscribed to each batch's events (bot flows, templates, campaigns, outbound webhooks). */
  hooks: WebhookBatchHooks;
}

/** After this many failed tries an event is left with its error for an admin to look at. */
export const WEBHOOK_MAX_ATTEMPTS = 5;

export interface WebhookProcessorOptions {
  batchSize?: number;
  intervalMs?: number;
  maxAttempts?: number;
  handle?: typeof handleWebhookEvents;
}

export type WebhookProcessor = ReturnType<typeof createWebhookProcessor>;

/**
 * Processes stored webhook events. Several servers can run it at once: each claims rows with
 * FOR UPDATE SKIP LOCKED. It runs when an event is stored and on an interval for leftovers.
 */
export function createWebhookProcessor(
  { db, log, broadcast, onMediaQueued, onTextsQueued, hooks }: WebhookProcessorDeps,
  options: WebhookProcessorOptions = {},
) {
  const { batchSize = 200, intervalMs = 2000, maxAttempts = WEBHOOK_MAX_ATTEMPTS, handle = handleWebhookEvents } = options;
  let sweeping: Promise<void> | null = null;

  type ClaimedRow = Awaited<ReturnType<typeof claimWebhookEvents>>[number];

  /**
   * Handles claimed events together, in a savepoint. When that fails, each event is tried alone, so one bad event is
   * marked failed without holding back the rest of the batch.
   */
  async function handleRows(tx: Tx, rows: ClaimedRow[], outcome: WebhookEventOutcome): Promise<void> {
    try {
      const out = await inSavepoint(tx, (sp) =>
        handle(
          sp,
          rows.map((row) => row.payload),
          hooks,
        ),
      );
      await markWebhookEventsProcessed(
        tx,
        rows.map((row) => row.id),
      );
      outcome.emits.push(...out.emits);
      outcome.mediaQueued += out.mediaQueued;
      outcome.textsQueued += out.textsQueued;
      outcome.afterCommit.push(...out.afterCommit);
    } catch (err) {
      if (rows.length > 1) {
        for (const row of rows) await handleRows(tx, [row], outcome);
        return;
      }
      for (const row of rows) {
        log.warn({ err, webhookEventId: row.id }, 'webhook event failed to process');
        await markWebhookEventFailed(tx, row.id, err instanceof Error ? err.message : String(err));
      }
    }
  }

  async function processBatch(): Promise<number> {
    return inTransaction(db, async (tx) => {
      const outcome: WebhookEventOutcome = { emits: [], mediaQueued: 0, textsQueued: 0, afterCommit: [] };
      const rows = await claimWebhookEvents(tx, batchSize, maxAttempts);
      if (rows.length > 0) await handleRows(tx, rows, outcome);
      // What the batch's savepoints kept, announced as one once it all commits.
      afterCommit(tx, () => {
        broadcast(outcome.emits);
        if (outcome.mediaQueued > 0) onMediaQueued?.();
        if (outcome.textsQueued > 0) onTextsQueued?.();
        for (const after of outcome.afterCommit) after();
      });
      return rows.length;
    });
  }

  async function sweep(): Promise<void> {
    await inTransaction(db, async (tx) => {
      const results = await sweepEarlyStatuses(tx);
      afterCommit(tx, () => broadcast(results.flatMap(({ message }) => messageStatusEmit(message))));
    });
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
