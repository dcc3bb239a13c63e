import { detectLanguage, type SentimentLanguage } from './detect-language.ts';
import { fold } from './fold.ts';
import { languageRules } from './language-rules.ts';
import { emojiLexicon, type Lexicon, type LexiconLanguage, lexiconOf } from './lexicons.ts';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface Sentiment {
  label: SentimentLabel;
  /** From -1 (most negative) to 1 (most positive): VADER's compound score. */
  score: number;
  language: SentimentLanguage;
}

type Token = { kind: 'word' | 'symbol' | 'break'; text: string };

// VADER's constants (Hutto and Gilbert, 2014): what a negation keeps of a word, how much "but" shifts weight, how far
// the sum is squashed into -1..1, and how far from zero a score must be to count as positive or negative.
const NEGATION_KEEPS = -0.74;
const BEFORE_CONTRAST = 0.5;
const AFTER_CONTRAST = 1.5;
const EXCLAMATION = 0.292;
const MAX_EXCLAMATIONS = 4;
const SQUASH = 15;
const NEUTRAL_BAND = 0.05;
const LOOKBACK = 3;
const LOOKBACK_DECAY = [1, 0.95, 0.9];

const EMOTICONS: Record<string, number> = { ':)': 2, ':-)': 2, ':d': 2.5, ';)': 1.5, ':(': -2, ':-(': -2, ":'(": -2.2, ':/': -1 };
const TOKEN = /[\p{L}\p{N}]+(?:'\p{L}+)?|\p{Extended_Pictographic}|[:;]'?-?[()dp/]|[,.;!?]/giu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const [match] of text.replace(/[’`]/g, "'").matchAll(TOKEN)) {
    if (/^[,.;!?]$/.test(match)) tokens.push({ kind: 'break', text: match });
    else if (/^[\p{L}\p{N}]/u.test(match)) tokens.push({ kind: 'word', text: fold(match) });
    else tokens.push({ kind: 'symbol', text: match.toLowerCase() });
  }
  return tokens;
}

// Where the message's language lacks a word: Spanish and Portuguese share much of their vocabulary, and a message in
// no known language may still use any of the three.
const FALLBACKS: Record<SentimentLanguage, LexiconLanguage[]> = {
  en: ['en'],
  es: ['es', 'pt'],
  pt: ['pt', 'es'],
  other: ['en', 'es', 'pt'],
};

function lookUp(lexicons: readonly Lexicon[], word: string): number | undefined {
  for (const lexicon of lexicons) {
    const valence = lookUpIn(lexicon, word);
    if (valence !== undefined) return valence;
  }
  return undefined;
}

/** A word's valence, trying its singular ("incríveis": "incrível") and its masculine form when the lexicon lacks the word as written. */
function lookUpIn(lexicon: Lexicon, word: string): number | undefined {
  const direct = lexicon.get(word);
  if (direct !== undefined) return direct;
  if (word.endsWith('eis')) {
    const singularInL = lexicon.get(`${word.slice(0, -3)}el`);
    if (singularInL !== undefined) return singularInL;
  }
  const singular = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : undefined;
  const base = singular ?? word;
  return (singular ? lexicon.get(singular) : undefined) ?? (base.endsWith('a') ? lexicon.get(`${base.slice(0, -1)}o`) : undefined);
}

function symbolValence(symbol: string): number {
  return EMOTICONS[symbol] ?? emojiLexicon().get(symbol) ?? 0;
}

/** Each token's valence in a message, and what carries it: a word, a phrase, an emoji, or a negation and the word it turns. */
interface Weighed {
  language: SentimentLanguage;
  valences: number[];
  carriers: (string | undefined)[];
  contrastAt: number;
}

function weigh(text: string): Weighed {
  const tokens = tokenize(text);
  const language = detectLanguage(
    text,
    tokens.filter((token) => token.kind === 'word').map((token) => token.text),
  );
  const rules = languageRules[language === 'other' ? 'en' : language];
  const lexicons = FALLBACKS[language].map(lexiconOf);
  const valences: number[] = [];
  const carriers: (string | undefined)[] = [];
  const spentNegators = new Set<number>();
  let contrastAt = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    valences.push(0);
    if (token.kind === 'symbol') {
      valences[index] = symbolValence(token.text);
      carriers[index] = token.text;
      continue;
    }
    if (token.kind === 'break') continue;
    const start = index;
    const next = tokens[index + 1];
    const phrase = next?.kind === 'word' ? lexicons[0]?.get(`${token.text} ${next.text}`) : undefined;
    if (phrase === undefined) {
      if (rules.negators.has(token.text) || rules.boosters.has(token.text)) continue;
      if (rules.contrasts.has(token.text)) {
        contrastAt = index;
        continue;
      }
    } else {
      valences.push(0);
      index += 1;
    }
    let valence = phrase ?? lookUp(lexicons, token.text);
    if (!valence) continue;
    let negatedAt: number | undefined;
    for (let back = 1; back <= LOOKBACK; back += 1) {
      const at = start - back;
      const before = tokens[at];
      if (!before || before.kind === 'break') break;
      const boost = rules.boosters.get(before.text);
      if (boost) valence += Math.sign(valence) * boost * (LOOKBACK_DECAY[back - 1] as number);
      // A negation turns the first word of feeling after it, not every one: "nadie resuelve mi problema".
      if (rules.negators.has(before.text) && !spentNegators.has(at)) {
        negatedAt = at;
        spentNegators.add(at);
      }
    }
    valences[index] = negatedAt === undefined ? valence : valence * NEGATION_KEEPS;
    carriers[index] = tokens
      .slice(negatedAt ?? start, index + 1)
      .map((word) => word.text)
      .join(' ');
  }
  return { language, valences, carriers, contrastAt };
}

/**
 * The sentiment of one customer message, in English, Spanish or Portuguese (others are read with the English lexicon
 * and emoji): each word's valence from the lexicons, raised or lowered by the degree words before it, flipped by a
 * negation within three words before it in the same clause, weighted towards what follows "but", with emoji and exclamation marks.
 */
export function scoreSentiment(text: string): Sentiment {
  const { language, valences, contrastAt } = weigh(text);
  let sum = 0;
  valences.forEach((valence, index) => {
    if (contrastAt < 0) sum += valence;
    else sum += valence * (index < contrastAt ? BEFORE_CONTRAST : AFTER_CONTRAST);
  });
  if (sum !== 0) {
    const exclamations = Math.min(MAX_EXCLAMATIONS, (text.match(/!/g) ?? []).length);
    sum += Math.sign(sum) * exclamations * EXCLAMATION;
  }
  const score = Math.round((sum / Math.sqrt(sum * sum + SQUASH)) * 1000) / 1000;
  const label: SentimentLabel = score >= NEUTRAL_BAND ? 'positive' : score <= -NEUTRAL_BAND ? 'negative' : 'neutral';
  return { label, score, language };
}

/**
 * What pulls a message's score down: each word, phrase or emoji whose weight is negative (folded: lower case, no
 * accents), a positive word a negation turned with the words from the negation on ("not helpful", "no es bueno"), once each, in the order written.
 */
export function negativeWordsOf(text: string): string[] {
  const { valences, carriers } = weigh(text);
  const words = new Set<string>();
  valences.forEach((valence, index) => {
    const carrier = carriers[index];
    if (valence < 0 && carrier) words.add(carrier);
  });
  return [...words];
}
