import { fold } from './fold.ts';
import { languageRules } from './language-rules.ts';
import type { LexiconLanguage } from './lexicons.ts';

export type SentimentLanguage = LexiconLanguage | 'other';

const LANGUAGES: LexiconLanguage[] = ['en', 'es', 'pt'];
// Letters and marks only one of the two Iberian languages writes: each counts as two of its common words.
const SPANISH_MARKS = /[ñ¿¡]/u;
const PORTUGUESE_MARKS = /[ãõç]/u;

/**
 * The language of a message by counting each language's common words (and the letters only Spanish or only Portuguese
 * use): cheap, and enough for chat messages. A message with none of them is 'other'.
 */
export function detectLanguage(text: string, words: readonly string[]): SentimentLanguage {
  const counts: Record<LexiconLanguage, number> = { en: 0, es: 0, pt: 0 };
  for (const word of words) {
    for (const language of LANGUAGES) if (languageRules[language].stopwords.has(word)) counts[language] += 1;
  }
  const lower = text.toLowerCase();
  if (SPANISH_MARKS.test(lower)) counts.es += 2;
  if (PORTUGUESE_MARKS.test(lower)) counts.pt += 2;
  let best: SentimentLanguage = 'other';
  let bestCount = 0;
  for (const language of LANGUAGES) {
    if (counts[language] > bestCount) {
      best = language;
      bestCount = counts[language];
    }
  }
  return best;
}

export function foldedWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []).map(fold);
}
