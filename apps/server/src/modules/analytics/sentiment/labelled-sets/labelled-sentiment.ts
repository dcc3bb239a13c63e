import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SentimentLabel } from '../score-sentiment.ts';

/** A labelled message: what the accuracy statement, its test and the benchmark score. */
export interface LabelledMessage {
  text: string;
  label: SentimentLabel;
}

const require = createRequire(import.meta.url);

/**
 * Our own WhatsApp-style customer messages, a third per label. The development sets (60 per language) were written
 * after the lexicons and then used to fix the scorer; the hold-out sets (45 per language) were written after those
 * fixes and never changed the scorer.
 */
export type OwnSet = 'development' | 'hold-out';

export function ownLabelledSet(language: 'es' | 'pt', set: OwnSet): LabelledMessage[] {
  const file = set === 'development' ? `sentiment-${language}.json` : `sentiment-${language}-holdout.json`;
  return JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as LabelledMessage[];
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
