import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SentimentLabel } from '../sentiment/score-sentiment.ts';

/** A labelled message the accuracy test and the benchmark score. */
export interface LabelledMessage {
  text: string;
  label: SentimentLabel;
}

const require = createRequire(import.meta.url);

/** Our own WhatsApp-style customer messages, 20 per label, written for the test and never used to tune the scorer. */
export function ownLabelledSet(language: 'es' | 'pt'): LabelledMessage[] {
  return JSON.parse(readFileSync(new URL(`./sentiment-${language}.json`, import.meta.url), 'utf8')) as LabelledMessage[];
}

export const UCI_SETS = ['amazon', 'imdb', 'yelp'] as const;

/**
 * The UCI sentiment-labelled sentences shipped in the sentiment package's test fixtures: 500 positive and 500 negative
 * per set (each file also ends with an empty, unlabelled row, left out).
 */
export function uciLabelledSet(set: (typeof UCI_SETS)[number]): LabelledMessage[] {
  const rows = require(`sentiment/test/fixtures/${set}.json`) as { text: string; class: 0 | 1 | null }[];
  return rows.filter((row) => row.class !== null).map((row) => ({ text: row.text, label: row.class === 1 ? 'positive' : 'negative' }));
}
