import { expect, it } from 'vitest';
import { shouldPing, TYPING_PING_MS } from './use-typing-indicator';

it('tells the server on the first keystroke, then at most every ten seconds', () => {
  expect(shouldPing(null, 1000)).toBe(true);
  expect(shouldPing(1000, 1000 + TYPING_PING_MS - 1)).toBe(false);
  expect(shouldPing(1000, 1000 + TYPING_PING_MS)).toBe(true);
});
