import type { ChatMessage } from '@wac/contract/chat';
import type { SentimentLabel } from '@wac/contract/sentiment';

/** How many of the customer's latest scored texts the mood reads. */
export const MOOD_WINDOW = 20;
/** Below this many, the halves are too small to call a direction. */
const TREND_MINIMUM = 4;
/** How far the newer half's average must move from the older half's to count as a change. */
const TREND_STEP = 0.25;
/** The scorer's band: averages closer to zero read as neutral. */
const NEUTRAL_BAND = 0.05;
/** A corrected label has no score of its own: it counts as a clear one of its kind. */
const CORRECTED_VALUE: Record<SentimentLabel, number> = { positive: 0.5, neutral: 0, negative: -0.5 };

export type MoodTrend = 'improving' | 'steady' | 'worsening';

export interface ConversationMood {
  /** The average of the window's texts, -1 to 1. */
  average: number;
  level: SentimentLabel;
  /** Null with too few texts to tell a direction. */
  trend: MoodTrend | null;
  /** How many scored texts were read. */
  count: number;
  /** The averages of the older and newer halves, when there is a trend. */
  halves: { older: number; newer: number } | null;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const levelOf = (value: number): SentimentLabel => (value >= NEUTRAL_BAND ? 'positive' : value <= -NEUTRAL_BAND ? 'negative' : 'neutral');

/**
 * The customer's mood in the thread loaded: the average of their last 20 scored texts (a person's correction counts
 * as its label), and whether the newer half of them reads better or worse than the older half. Null before any is scored.
 */
export function conversationMood(messages: readonly ChatMessage[]): ConversationMood | null {
  const values = messages
    .filter((m) => m.direction === 'inbound' && m.sentiment !== null)
    .slice(-MOOD_WINDOW)
    .map((m) => (m.sentiment?.corrected ? CORRECTED_VALUE[m.sentiment.label] : (m.sentiment?.score ?? 0)));
  if (values.length === 0) return null;
  const average = mean(values);
  if (values.length < TREND_MINIMUM) return { average, level: levelOf(average), trend: null, count: values.length, halves: null };
  const middle = Math.floor(values.length / 2);
  const halves = { older: mean(values.slice(0, middle)), newer: mean(values.slice(middle)) };
  const change = halves.newer - halves.older;
  const trend: MoodTrend = change >= TREND_STEP ? 'improving' : change <= -TREND_STEP ? 'worsening' : 'steady';
  return { average, level: levelOf(average), trend, count: values.length, halves };
}
