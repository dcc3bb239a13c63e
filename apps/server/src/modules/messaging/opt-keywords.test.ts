import { DEFAULT_OPT_IN_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS } from '@wac/contract/app-settings-defaults';
import { describe, expect, it } from 'vitest';
import { optKeywordMatcher } from './opt-keywords.ts';

const kindOf = optKeywordMatcher({ optOut: [...DEFAULT_OPT_OUT_KEYWORDS], optIn: [...DEFAULT_OPT_IN_KEYWORDS] });

describe('optKeywordMatcher', () => {
  it('knows a keyword on its own, whatever its case, spaces and surrounding punctuation', () => {
    expect(['STOP', 'stop', '  Stop! ', '¡STOP!', '"stop."', 'stop   all', 'Opt-out', 'opt out'].map(kindOf)).toEqual([
      'out',
      'out',
      'out',
      'out',
      'out',
      'out',
      null,
      'out',
    ]);
    expect(['start', 'Subscribe!', 'UNSTOP'].map(kindOf)).toEqual(['in', 'in', 'in']);
  });

  it('leaves anything else alone: a keyword inside a sentence, other words, no text', () => {
    expect(['Please stop', 'stopping', 'hello', '', '!!!', null, undefined, `STOP${' '.repeat(70)}`].map(kindOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads a word in both lists as an opt-out, the safe reading', () => {
    expect(optKeywordMatcher({ optOut: ['basta'], optIn: ['BASTA', 'volver'] })('Basta')).toBe('out');
  });
});
