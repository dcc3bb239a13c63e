import type { AccuracySet } from '@wac/contract/analytics';
import { type LabelledMessage, ownLabelledSet, UCI_SETS, uciLabelledSet } from './labelled-sets/labelled-sentiment.ts';
import { scoreSentiment } from './score-sentiment.ts';

/*
 * How often the scorer labels messages as people did, on sets it was never tuned on: what the sentiment dashboard
 * states, the accuracy test checks and the benchmark prints. Measured once per process (a few tens of milliseconds).
 */

/** A set of messages people labelled; `binary` sets know only positive and negative (no neutral). */
export interface LabelledSet {
  name: string;
  language: string;
  messages: readonly LabelledMessage[];
  binary: boolean;
}

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

/** The scorer's accuracy on one set, to three decimals: polarity on a binary set, the label otherwise (0 for an empty set). */
export function accuracyOf(set: LabelledSet): AccuracySet {
  const size = set.messages.length;
  if (size === 0) return { name: set.name, language: set.language, size, accuracy: 0 };
  const accuracy = set.binary ? polarityAccuracy(set.messages) : labelAccuracy(set.messages);
  return { name: set.name, language: set.language, size, accuracy: Math.round(accuracy * 1000) / 1000 };
}

/**
 * The sets the accuracy statement stands on, none of which the scorer was tuned on: the UCI review sentences shipped
 * with the sentiment package (English) and our Spanish and Portuguese hold-out customer messages.
 */
export function referenceSets(): LabelledSet[] {
  return [
    ...UCI_SETS.map((set) => ({ name: `UCI ${set}`, language: 'en', messages: uciLabelledSet(set), binary: true })),
    { name: 'own Spanish hold-out', language: 'es', messages: ownLabelledSet('es', 'hold-out'), binary: false },
    { name: 'own Portuguese hold-out', language: 'pt', messages: ownLabelledSet('pt', 'hold-out'), binary: false },
  ];
}

/** People's corrections as a labelled set: each corrected message with the label a person gave it. */
export function correctionsSet(corrections: readonly LabelledMessage[]): LabelledSet {
  return { name: 'corrections', language: 'mixed', messages: corrections, binary: false };
}

let reference: AccuracySet[] | undefined;

/** The accuracy on the reference sets, measured at first use, then kept. */
export function referenceAccuracy(): AccuracySet[] {
  reference ??= referenceSets().map(accuracyOf);
  return reference;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The sentence the dashboard shows: how right the scorer is per language, and how often people's corrections agreed with it. */
export function accuracyStatement(sets: readonly AccuracySet[], corrections: { count: number; agreement: number | null }): string {
  const byLanguage = (language: string) => {
    const of = sets.filter((set) => set.language === language && set.size > 0);
    const size = of.reduce((sum, set) => sum + set.size, 0);
    return { size, accuracy: size === 0 ? 0 : of.reduce((sum, set) => sum + set.accuracy * set.size, 0) / size };
  };
  const en = byLanguage('en');
  const es = byLanguage('es');
  const pt = byLanguage('pt');
  const measured =
    `Labels are a lexicon scorer's, not a person's: on messages it was never tuned on it tells positive from negative in ` +
    `${percent(en.accuracy)} of ${en.size.toLocaleString('en')} English review sentences, and labels ${percent(es.accuracy)} of ` +
    `${es.size} Spanish and ${percent(pt.accuracy)} of ${pt.size} Portuguese customer messages right (positive, neutral or negative).`;
  if (corrections.count === 0 || corrections.agreement === null) return `${measured} No label has been corrected yet.`;
  return (
    `${measured} People corrected ${corrections.count.toLocaleString('en')} ${corrections.count === 1 ? 'label' : 'labels'}; ` +
    `the scorer had agreed with them on ${percent(corrections.agreement)}.`
  );
}
