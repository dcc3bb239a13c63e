import type { AccuracySet, AnalyticsQuery, SentimentAnalytics } from '@wac/contract/analytics';
import { groupBy } from '../../lib/group-by.ts';
import { scopeOf } from './analytics-filters.ts';
import { rangeAnswer, resolveRange } from './analytics-range.ts';
import type { MetricsDeps } from './metrics.service.ts';
import { countsByPeriod, type KeyCount, periodsOf } from './rollups.repository.ts';
import { accuracyOf, accuracyStatement, correctionsSet, referenceAccuracy } from './sentiment/accuracy.ts';
import { negativeWordsOf } from './sentiment/score-sentiment.ts';
import {
  conversationFaces,
  correctedMessages,
  correctionsSummary,
  latestNegativeMessages,
  type NegativeMessage,
} from './sentiment-analytics.repository.ts';

/*
 * GET /api/analytics/sentiment: labels and scores per period from the rollups (measure sentiment), then the range's
 * latest negative messages themselves (at most NEGATIVE_MESSAGES) for the conversations they are in and the words
 * that made them negative, and the scorer's accuracy: on labelled sets it never saw, and on people's corrections.
 */

/** How many of the range's newest negative messages the conversations and words are read from. */
export const NEGATIVE_MESSAGES = 2000;
const MOST_NEGATIVE = 10;
const NEGATIVE_WORDS = 20;
/** The newest corrections the scorer is measured on as a labelled set. */
const CORRECTIONS_SET = 1000;
/** Messages whose negative words are kept (a message's text does not change). */
const WORDS_KEPT = 20_000;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function countsOf(counts: readonly KeyCount[]) {
  const of = (label: string) => counts.reduce((sum, c) => sum + (c.key === label ? c.count : 0), 0);
  const scored = counts.reduce((sum, c) => sum + c.count, 0);
  const scoreSum = counts.reduce((sum, c) => sum + c.total, 0);
  return {
    positive: of('positive'),
    neutral: of('neutral'),
    negative: of('negative'),
    averageScore: scored === 0 ? null : round3(scoreSum / scored),
  };
}

function mostNegativeConversations(messages: readonly NegativeMessage[]) {
  return [...groupBy(messages, (m) => m.conversationId)]
    .map(([conversationId, ofConversation]) => ({
      conversationId,
      negativeMessages: ofConversation.length,
      averageScore: round3(ofConversation.reduce((sum, m) => sum + m.score, 0) / ofConversation.length),
      // Newest first: the first is the latest.
      lastNegativeAt: (ofConversation[0] as NegativeMessage).at,
    }))
    .sort(
      (a, b) =>
        b.negativeMessages - a.negativeMessages ||
        a.averageScore - b.averageScore ||
        b.lastNegativeAt.getTime() - a.lastNegativeAt.getTime(),
    )
    .slice(0, MOST_NEGATIVE);
}

/** The sentiment answer, keeping what it can between requests: each message's negative words, the corrections' accuracy. */
export function createSentimentAnalytics(deps: MetricsDeps) {
  const wordsOfMessage = new Map<number, string[]>();
  let corrections: { fingerprint: string; accuracy: AccuracySet } | undefined;

  function negativeWords(messages: readonly NegativeMessage[]): SentimentAnalytics['negativeWords'] {
    const counts = new Map<string, number>();
    for (const message of messages) {
      let words = wordsOfMessage.get(message.id);
      if (!words) {
        words = negativeWordsOf(message.text);
        wordsOfMessage.set(message.id, words);
        if (wordsOfMessage.size > WORDS_KEPT) wordsOfMessage.delete(wordsOfMessage.keys().next().value as number);
      }
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return [...counts]
      .map(([word, count]) => ({ word, count }))
      .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
      .slice(0, NEGATIVE_WORDS);
  }

  /** The scorer measured on the newest corrections, again only when they changed. */
  async function correctionsAccuracy(fingerprint: string): Promise<AccuracySet> {
    if (corrections?.fingerprint !== fingerprint) {
      corrections = { fingerprint, accuracy: accuracyOf(correctionsSet(await correctedMessages(deps.db, CORRECTIONS_SET))) };
    }
    return corrections.accuracy;
  }

  return async function sentimentAnalytics(query: AnalyticsQuery): Promise<SentimentAnalytics> {
    const { db } = deps;
    const range = await resolveRange(db, query, await deps.appTimezone());
    const scope = await scopeOf(db, query, '/api/analytics/sentiment');
    const [periods, byPeriod, negatives, summary] = await Promise.all([
      periodsOf(db, range),
      countsByPeriod(db, { measure: 'sentiment', dimension: scope.dimension, value: scope.value }, range),
      latestNegativeMessages(db, range, scope, NEGATIVE_MESSAGES),
      correctionsSummary(db),
    ]);
    const inPeriod = groupBy(byPeriod, (c) => c.period.getTime());
    const conversations = mostNegativeConversations(negatives);
    const faces = await conversationFaces(
      db,
      conversations.map((c) => c.conversationId),
    );
    const sets =
      summary.count === 0
        ? referenceAccuracy()
        : [...referenceAccuracy(), await correctionsAccuracy(`${summary.count} ${summary.latestAt?.toISOString()}`)];
    const agreement = summary.agreement === null ? null : round3(summary.agreement);
    return {
      range: rangeAnswer(range),
      totals: countsOf(byPeriod),
      series: periods.map((period) => ({ bucket: period.toISOString(), ...countsOf(inPeriod.get(period.getTime()) ?? []) })),
      mostNegative: conversations.map((c) => ({
        ...c,
        phone: faces.get(c.conversationId)?.phone ?? '',
        name: faces.get(c.conversationId)?.name ?? null,
        lastNegativeAt: c.lastNegativeAt.toISOString(),
      })),
      negativeWords: negativeWords(negatives),
      accuracy: {
        statement: accuracyStatement(sets, { count: summary.count, agreement }),
        sets,
        corrections: { count: summary.count, agreement },
      },
    };
  };
}
