import { type CorrectedSentimentResponse, type SentimentLabel, sentimentEventNames } from '@wac/contract/sentiment';
import { formatAddress } from '@wac/contract/whatsapp-user-id';
import { notFound } from '../../http/app-error.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import { scoreSentiment } from '../analytics/index.ts';
import { sentimentOf } from './chat-message.ts';
import { findSessions } from './conversation-sessions.repository.ts';
import { lockCustomerText, storeSentimentCorrection } from './message-sentiments.repository.ts';
import type { MessagingDeps } from './messaging-deps.ts';
import { scoredText } from './sentiment-scoring.worker.ts';
import type { SessionActor } from './session-transitions.ts';

/**
 * A person's label for a customer's text (every signed-in user sees every conversation, so anyone may correct it): it
 * is the label counted from now on, the scorer's stays beside it (the labelled set accuracy is read on), an activity
 * says who changed what, and every open thread shows it. A text the scorer had not reached yet is scored first, so the
 * scorer's reading is kept for it too.
 */
export async function correctSentiment(
  deps: Pick<MessagingDeps, 'db' | 'activities' | 'realtime'>,
  actor: SessionActor,
  messageId: number,
  label: SentimentLabel,
): Promise<CorrectedSentimentResponse> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockCustomerText(tx, messageId);
    if (!row) throw notFound('No customer text with this id: only customers’ texts carry a sentiment');
    const model =
      row.sentimentLabel === null || row.sentimentScore === null
        ? scoredText(row.id, scoreSentiment((row.content as { text?: string }).text ?? ''))
        : { label: row.sentimentLabel, score: row.sentimentScore, language: row.sentimentLanguage };
    const previous = row.sentimentLabel ?? model.label;
    const corrected = await storeSentimentCorrection(tx, {
      messageId,
      label,
      modelLabel: row.sentimentModelLabel ?? model.label,
      score: model.score,
      language: model.language,
      userId: actor.id,
    });
    const sentiment = sentimentOf(corrected);
    if (!sentiment) throw new Error(`message ${messageId} has no sentiment after its correction`);
    const customer = (await findSessions(tx, [row.conversationId])).get(row.conversationId);
    const recipient = customer ? formatAddress(customer.phone) : undefined;
    await deps.activities.record(
      {
        type: 'sentiment_corrected',
        sourceType: 'user',
        userId: actor.id,
        data: {
          username: actor.username,
          name: customer?.contactName ?? recipient,
          recipient,
          conversationId: row.conversationId,
          messageId,
          status: label,
          details: `was ${previous}`,
        },
      },
      tx,
    );
    const answer = { messageId, conversationId: row.conversationId, sentiment };
    afterCommit(tx, () =>
      deps.realtime.toEveryone(sentimentEventNames.messageSentiment, {
        conversationId: row.conversationId,
        messages: [{ messageId, sentiment }],
      }),
    );
    return answer;
  });
}
