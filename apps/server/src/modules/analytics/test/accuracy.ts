import { scoreSentiment } from '../sentiment/score-sentiment.ts';
import type { LabelledMessage } from './labelled-sentiment.ts';

/** The share of messages whose label the scorer gets right (on the positive/negative-only sets, neutral is wrong). */
export function labelAccuracy(messages: readonly LabelledMessage[]): number {
  return messages.filter((message) => scoreSentiment(message.text).label === message.label).length / messages.length;
}

/**
 * For sets labelled only positive or negative (UCI): the share whose score's sign matches, a zero counting as negative,
 * as the sentiment package's and VADER's own figures on these sets are read.
 */
export function polarityAccuracy(messages: readonly LabelledMessage[]): number {
  const right = messages.filter((message) => scoreSentiment(message.text).score > 0 === (message.label === 'positive'));
  return right.length / messages.length;
}
