import { describe, expect, it } from 'vitest';
import { createSendCounter } from './send-counter.ts';

describe('send counter', () => {
  it('counts per recipient and per wall-clock second, oldest second first, until reset', () => {
    let now = 1_700_000_000_900;
    const sends = createSendCounter(() => now);
    sends.record('447700900001');
    now += 100; // the next second begins
    sends.record('447700900001');
    sends.record('447700900002');
    now += 2_000;
    sends.record('447700900003');
    expect(sends.counts()).toEqual({
      total: 4,
      byRecipient: { '447700900001': 2, '447700900002': 1, '447700900003': 1 },
      perSecond: [
        { second: 1_700_000_000, count: 1 },
        { second: 1_700_000_001, count: 2 },
        { second: 1_700_000_003, count: 1 },
      ],
    });
    sends.reset();
    expect(sends.counts()).toEqual({ total: 0, byRecipient: {}, perSecond: [] });
  });
});
