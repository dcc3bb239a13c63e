import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { type ClaimLoopKind, claimQueue, noPayload, type ScheduledJobKind } from '../../jobs/job-runner.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import type { MediaDownloadWorker } from './media-download.worker.ts';
import { downloadQueue, retryDownload } from './media-files.repository.ts';
import { messageStatusEmit } from './message-events.ts';
import { countUnscoredTexts } from './message-sentiments.repository.ts';
import type { SentimentScoringWorker } from './sentiment-scoring.worker.ts';
import { failStaleSends } from './stale-sends.ts';
import { retryWebhookEvent, webhookEventQueue } from './webhook-events.repository.ts';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookProcessor } from './webhook-processor.ts';

/** Stored webhook deliveries turned into contacts, messages and statuses, a claimed batch at a time. */
export function webhookProcessingLoop(db: Db, processor: WebhookProcessor): ClaimLoopKind {
  return {
    name: 'messaging.webhook-events',
    title: 'Process webhook events',
    loop: processor,
    queue: () => webhookEventQueue(db, WEBHOOK_MAX_ATTEMPTS),
    retry: (id) => retryWebhookEvent(db, id, WEBHOOK_MAX_ATTEMPTS),
  };
}

const SWEEP_INTERVAL_MS = 60_000;

/** Runs failStaleSends every minute (a row fails once, whichever server gets it) and announces each. */
export function staleSendSweepJob(deps: { db: Db; log: FastifyBaseLogger; broadcast: (emits: RealtimeEmit[]) => void }): ScheduledJobKind {
  return {
    name: 'messaging.stale-send-sweep',
    title: 'Fail sends Meta never answered',
    payload: noPayload,
    everyMs: SWEEP_INTERVAL_MS,
    handler: async () => {
      const failed = await failStaleSends(deps.db);
      if (failed.length > 0) deps.log.warn({ messageIds: failed.map((m) => m.id) }, 'sends with no answer from Meta marked failed');
      deps.broadcast(failed.flatMap(messageStatusEmit));
    },
  };
}

/** Customers' files fetched from Meta as soon as their message is stored, a claimed batch at a time. */
export function mediaDownloadLoop(db: Db, worker: MediaDownloadWorker): ClaimLoopKind {
  return {
    name: 'messaging.media-downloads',
    title: 'Download customers’ media',
    loop: worker,
    queue: () => downloadQueue(db),
    retry: (id) => retryDownload(db, id),
  };
}

/** Customers' texts labelled positive, neutral or negative off the webhook's path, a claimed batch at a time. */
export function sentimentScoringLoop(db: Db, worker: SentimentScoringWorker): ClaimLoopKind {
  return {
    name: 'messaging.sentiment-scoring',
    title: 'Score customers’ sentiment',
    loop: worker,
    // Scoring cannot fail on a text: nothing is ever given up on, so there is nothing to retry.
    queue: async () => claimQueue({ queued: await countUnscoredTexts(db), failed: 0 }, []),
    retry: async () => false,
  };
}
