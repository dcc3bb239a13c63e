import { describe, expect, it } from 'vitest';
import { freshFor } from './fresh-for.ts';

describe('freshFor', () => {
  it('loads a key once while fresh, again once stale, and forgets failures', async () => {
    let loads = 0;
    let fail = false;
    const read = freshFor(30, async (key: string) => {
      loads++;
      if (fail) throw new Error('down');
      return `${key}${loads}`;
    });
    expect(await read('a')).toBe('a1');
    expect(await read('a')).toBe('a1');
    expect(await read('b')).toBe('b2');
    await new Promise((resolve) => setTimeout(resolve, 40));
    fail = true;
    await expect(read('a')).rejects.toThrow('down');
    fail = false;
    expect(await read('a')).toBe('a4');
    expect(loads).toBe(4);
  });
});
