import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { type MessageSentiment, type MessageSentimentEvent, sentimentEventNames } from '@wac/contract/sentiment';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createKickableLoop } from '../../jobs/kickable-loop.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { RealtimeEmit } from '../../realtime/realtime.ts';
import { type Sentiment, scoreSentiment } from '../analytics/index.ts';
import { claimUnscoredTexts, type ScoredText, storeSentiments } from './message-sentiments.repository.ts';

export interface SentimentScoringDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Sends a batch's marks to the sockets. */
  broadcast: (emits: RealtimeEmit[]) => void;
}

export interface SentimentScoringOptions {
  /** Texts claimed, scored and stored per transaction. */
  batchSize?: number;
  /** Safety-net pass for texts other servers stored, a crash left, or an upgrade found unscored. */
  intervalMs?: number;
}

export type SentimentScoringWorker = ReturnType<typeof createSentimentScoringWorker>;

/** What the scorer read, as a message row keeps it: no language when it could not tell. */
export function scoredText(id: number, sentiment: Sentiment): ScoredText {
  return { id, label: sentiment.label, score: sentiment.score, language: sentiment.language === 'other' ? null : sentiment.language };
}

/** One `message_sentiment` event per conversation, for the threads open on it. */
export function sentimentEmits(
  marks: readonly { messageId: number; conversationId: number; sentiment: MessageSentiment }[],
): RealtimeEmit[] {
  const byConversation = new Map<number, MessageSentimentEvent>();
  for (const { messageId, conversationId, sentiment } of marks) {
    const event = byConversation.get(conversationId) ?? { conversationId, messages: [] };
    event.messages.push({ messageId, sentiment });
    byConversation.set(conversationId, event);
  }
  return [...byConversation.values()].map((payload) => ({ event: sentimentEventNames.messageSentiment, payload }));
}

/**
 * Labels customers' texts off the webhook's path: kicked once a webhook batch that stored texts commits, and every few
 * seconds for the rest (the history an upgrade found unscored included, newest first). Each batch is claimed with SKIP
 * LOCKED, scored in this process and stored in one statement, in one transaction, so several servers share the queue
 * and a crash leaves its texts for the next pass; the open threads are told once it commits.
 */
export function createSentimentScoringWorker({ db, log, broadcast }: SentimentScoringDeps, options: SentimentScoringOptions = {}) {
  const { batchSize = 250, intervalMs = 3000 } = options;

  async function scoreBatch(): Promise<number> {
    return inTransaction(db, async (tx) => {
      const texts = await claimUnscoredTexts(tx, batchSize);
      const stored = await storeSentiments(
        tx,
        texts.map(({ id, text }) => scoredText(id, scoreSentiment(text))),
      );
      afterCommit(tx, () =>
        broadcast(
          sentimentEmits(
            stored.map((row) => ({
              messageId: row.id,
              conversationId: row.conversationId,
              sentiment: { label: row.label, score: row.score, corrected: false },
            })),
          ),
        ),
      );
      return texts.length;
    });
  }

  const loop = createKickableLoop({
    run: async (stopping) => {
      // A full batch means more may wait; between batches the event loop serves requests.
      while (!stopping() && (await scoreBatch()) === batchSize) await yieldToRequests();
    },
    intervalMs,
    onError: (err) => log.error({ err }, 'sentiment scoring failed'),
  });

  return { kick: loop.kick, start: loop.start, stop: loop.stop };
}
