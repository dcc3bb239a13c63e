import { describe, expect, it } from 'vitest';
import { labelAccuracy, polarityAccuracy } from '../test/accuracy.ts';
import { ownLabelledSet, UCI_SETS, uciLabelledSet } from '../test/labelled-sentiment.ts';

// Floors are the accuracy measured when the scorer was written (none of these sets was used to tune it), less 0.02.
describe('sentiment accuracy on labelled messages it was not tuned on', () => {
  it('labels at least 0.88 of our Spanish customer messages right (measured 0.900 of 60)', () => {
    expect(labelAccuracy(ownLabelledSet('es'))).toBeGreaterThanOrEqual(0.88);
  });

  it('labels at least 0.83 of our Portuguese customer messages right (measured 0.850 of 60)', () => {
    expect(labelAccuracy(ownLabelledSet('pt'))).toBeGreaterThanOrEqual(0.83);
  });

  it('tells the polarity of at least 0.795 of the 3,000 UCI sentences (measured 0.816: amazon 0.841, imdb 0.790, yelp 0.818)', () => {
    const all = UCI_SETS.flatMap((set) => uciLabelledSet(set));
    expect(all).toHaveLength(3000);
    expect(polarityAccuracy(all)).toBeGreaterThanOrEqual(0.795);
  });
});
