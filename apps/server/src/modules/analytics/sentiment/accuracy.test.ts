import { describe, expect, it } from 'vitest';
import { accuracyOf, accuracyStatement, correctionsSet, referenceAccuracy } from './accuracy.ts';

describe('the accuracy module', () => {
  it('measures the reference sets once: UCI English by polarity, our Spanish and Portuguese hold-outs by label', () => {
    const sets = referenceAccuracy();
    expect(sets.map((set) => [set.name, set.language, set.size])).toEqual([
      ['UCI amazon', 'en', 1000],
      ['UCI imdb', 'en', 1000],
      ['UCI yelp', 'en', 1000],
      ['own Spanish hold-out', 'es', 45],
      ['own Portuguese hold-out', 'pt', 45],
    ]);
    // The figures of sentiment-accuracy.test.ts, to three decimals.
    expect(sets.map((set) => set.accuracy)).toEqual([0.84, 0.788, 0.818, 0.867, 0.867]);
    expect(referenceAccuracy()).toBe(sets);
  });

  it('takes people’s corrections as an extra labelled set, neutral counting as a label of its own', () => {
    const corrections = correctionsSet([
      { text: 'Thank you so much, great help!', label: 'positive' },
      { text: 'This is terrible', label: 'negative' },
      // Sarcasm the scorer reads as praise, and a question a person read as a complaint.
      { text: 'Great, just great. Third time it is broken', label: 'negative' },
      { text: 'Where is my order?', label: 'negative' },
    ]);
    expect(accuracyOf(corrections)).toEqual({ name: 'corrections', language: 'mixed', size: 4, accuracy: 0.5 });
    expect(accuracyOf(correctionsSet([]))).toEqual({ name: 'corrections', language: 'mixed', size: 0, accuracy: 0 });
  });

  it('states the accuracy per language, and the corrections once there are any', () => {
    const sets = [...referenceAccuracy(), accuracyOf(correctionsSet([{ text: 'This is terrible', label: 'negative' }]))];
    const none = accuracyStatement(sets, { count: 0, agreement: null });
    expect(none).toBe(
      "Labels are a lexicon scorer's, not a person's: on messages it was never tuned on it tells positive from negative in 82% " +
        'of 3,000 English review sentences, and labels 87% of 45 Spanish and 87% of 45 Portuguese customer messages right ' +
        '(positive, neutral or negative). No label has been corrected yet.',
    );
    expect(accuracyStatement(sets, { count: 1200, agreement: 0.7 })).toMatch(
      /customer messages right \(positive, neutral or negative\)\. People corrected 1,200 labels; the scorer had agreed with them on 70%\.$/,
    );
    expect(accuracyStatement(sets, { count: 1, agreement: 0 })).toMatch(
      /People corrected 1 label; the scorer had agreed with them on 0%\.$/,
    );
  });
});
