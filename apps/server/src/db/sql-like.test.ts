import { describe, expect, it } from 'vitest';
import { likeContaining } from './sql-like.ts';

describe('likeContaining', () => {
  it('wraps the text in % and escapes its own wildcards and backslashes', () => {
    expect(likeContaining('Ann')).toBe('%Ann%');
    expect(likeContaining('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
