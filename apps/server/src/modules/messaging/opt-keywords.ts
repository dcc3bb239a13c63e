import { normalizeKeyword, type OptKeywords } from '@wac/contract/app-settings-defaults';

/**
 * What may surround a keyword and still count as the keyword on its own ("Stop!", "  stop.", "¡STOP!"). An explicit
 * list rather than a regex class, so PostgreSQL (opt-outs.repository.ts) and this file strip exactly the same
 * characters whatever the locale.
 */
export const SURROUNDING = ' \t\n\r\u00a0.,;:!?¡¿…\'"`´‘’“”()[]{}*_~-–—。！？、';

/**
 * Longer messages are never a keyword on its own (keywords are at most 30 characters): a cheap test that skips the
 * comparison for ordinary chat, and the predicate a partial index on short inbound messages would need.
 */
export const MAX_KEYWORD_MESSAGE_LENGTH = 64;

const surroundingClass = `[${SURROUNDING.replace(/[\\\]^-]/g, '\\$&')}]+`;
const surroundingPattern = new RegExp(`^${surroundingClass}|${surroundingClass}$`, 'g');

/** A keyword, or a message's text, as they are compared: normalized as the settings store it, surrounding punctuation dropped. */
export function keywordForm(text: string): string {
  return normalizeKeyword(text).replace(surroundingPattern, '');
}

export type OptKeywordKind = 'out' | 'in';

/**
 * Tells whether a customer's text is an opt-out or an opt-in keyword on its own, or neither (null). A word in both
 * lists is an opt-out, the safe reading (as campaigns read it). Built once for many messages.
 */
export function optKeywordMatcher(keywords: OptKeywords): (text: string | null | undefined) => OptKeywordKind | null {
  const optOut = new Set(keywords.optOut.map(keywordForm));
  const optIn = new Set(keywords.optIn.map(keywordForm));
  optOut.delete('');
  optIn.delete('');
  return (text) => {
    if (typeof text !== 'string' || (text.length > MAX_KEYWORD_MESSAGE_LENGTH && [...text].length > MAX_KEYWORD_MESSAGE_LENGTH))
      return null;
    const word = keywordForm(text);
    if (optOut.has(word)) return 'out';
    if (optIn.has(word)) return 'in';
    return null;
  };
}
