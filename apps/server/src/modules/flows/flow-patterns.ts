import { RE2JS } from 're2js';

/**
 * The `matches` condition's engine: RE2 semantics (re2js, pure JavaScript), whose matching time is linear in the
 * input whatever the pattern, so an admin's pattern run on a customer's text can never stall the event loop as a
 * backtracking RegExp can ((a+)+$). What RE2 cannot promise that for (look-arounds, back-references) does not compile.
 */

/** Compiled patterns by source, the same few conditions running for every customer; the oldest go first. */
const compiled = new Map<string, RE2JS | null>();
const CACHED_PATTERNS = 500;

function compile(pattern: string): RE2JS | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let regex: RE2JS | null;
  try {
    regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    regex = null;
  }
  if (compiled.size >= CACHED_PATTERNS) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, regex);
  return regex;
}

/** Whether the value contains a match of the pattern, ignoring case; a pattern that does not compile matches nothing. */
export function matchesPattern(pattern: string, value: string): boolean {
  return compile(pattern)?.test(value) ?? false;
}

/** Why the engine cannot run the pattern (RE2's own words), or null when it can. */
export function patternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
