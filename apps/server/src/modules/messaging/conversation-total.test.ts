import { describe, expect, it } from 'vitest';
import { createConversationTotal, pageTotal } from './conversation-total.ts';

describe('pageTotal', () => {
  it('knows the total from the last page, whatever was counted before', () => {
    expect(pageTotal({ offset: 60, rows: 7, more: false, known: 1000 })).toBe(67);
    expect(pageTotal({ offset: 60, rows: 30, more: false, known: null })).toBe(90);
    expect(pageTotal({ offset: 0, rows: 0, more: false, known: 5 })).toBe(0);
  });

  it('keeps a recent total while it says more rows follow the page', () => {
    expect(pageTotal({ offset: 0, rows: 30, more: true, known: 100_000 })).toBe(100_000);
    expect(pageTotal({ offset: 99_940, rows: 30, more: true, known: 100_000 })).toBe(100_000);
  });

  it('asks for a count when the known total cannot say whether more follow, or when past the end', () => {
    expect(pageTotal({ offset: 99_970, rows: 30, more: true, known: 100_000 })).toBeNull();
    expect(pageTotal({ offset: 0, rows: 30, more: true, known: 20 })).toBeNull();
    expect(pageTotal({ offset: 0, rows: 30, more: true, known: null })).toBeNull();
    expect(pageTotal({ offset: 300, rows: 0, more: false, known: 1000 })).toBeNull();
  });
});

describe('createConversationTotal', () => {
  it('shares one count between concurrent callers, reuses it while recent, then forgets it', async () => {
    let counts = 0;
    const total = createConversationTotal(async () => {
      counts += 1;
      return 40 + counts;
    }, 50);
    expect(total.recent()).toBeNull();
    expect(await Promise.all([total.count(), total.count()])).toEqual([41, 41]);
    expect(total.recent()).toBe(41);
    await new Promise((r) => setTimeout(r, 60));
    expect(total.recent()).toBeNull();
    expect(await total.count()).toBe(42);
    expect(counts).toBe(2);
  });
});
