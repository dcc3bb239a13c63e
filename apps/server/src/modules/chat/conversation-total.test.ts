import { describe, expect, it } from 'vitest';
import { createConversationTotal, pageTotal } from './conversation-total.ts';

describe('pageTotal', () => {
  it('knows the total from a last page that is not full, whatever was counted before', () => {
    expect(pageTotal({ offset: 60, limit: 30, rows: 7, known: 1000 })).toBe(67);
    expect(pageTotal({ offset: 60, limit: 30, rows: 7, known: null })).toBe(67);
    expect(pageTotal({ offset: 0, limit: 30, rows: 0, known: 5 })).toBe(0);
  });

  it('keeps a recent total while it says more pages follow a full page', () => {
    expect(pageTotal({ offset: 0, limit: 30, rows: 30, known: 100_000 })).toBe(100_000);
    expect(pageTotal({ offset: 99_940, limit: 30, rows: 30, known: 100_000 })).toBe(100_000);
  });

  it('asks for a count when the known total cannot say whether more follow, or when past the end', () => {
    expect(pageTotal({ offset: 99_970, limit: 30, rows: 30, known: 100_000 })).toBeNull();
    expect(pageTotal({ offset: 0, limit: 30, rows: 30, known: 20 })).toBeNull();
    expect(pageTotal({ offset: 0, limit: 30, rows: 30, known: null })).toBeNull();
    expect(pageTotal({ offset: 300, limit: 30, rows: 0, known: 1000 })).toBeNull();
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
