import { describe, expect, it } from 'vitest';
import { effectiveRate, nextSlot, recovered, SLOT_MS, slotSize, slowedDown } from './pacing.ts';

const secondOf = (rate: number, secondStartMs: number) =>
  Array.from({ length: 1000 / SLOT_MS }, (_, k) => slotSize(secondStartMs + k * SLOT_MS, rate));

describe('campaign pacing', () => {
  it('spreads exactly the rate over every calendar second, for every rate from 1 to 1000', () => {
    for (let rate = 1; rate <= 1000; rate++) {
      const sizes = secondOf(rate, 1_700_000_000_000);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(rate);
    }
  });

  it('leaves the first and last slots of each second empty, so an early or late send stays in its own second', () => {
    for (const rate of [1, 7, 80, 1000]) {
      expect(secondOf(rate, 0).at(0)).toBe(0);
      expect(secondOf(rate, 0).at(-1)).toBe(0);
    }
  });

  it('spreads evenly: at 80/s slots carry 4 or 5, at 1000/s 55 or 56', () => {
    expect(new Set(secondOf(80, 0).slice(1, 19))).toEqual(new Set([4, 5]));
    expect(new Set(secondOf(1000, 0).slice(1, 19))).toEqual(new Set([55, 56]));
  });

  it('finds the next slot with room, rounding up to the grid', () => {
    expect(nextSlot(1_020, 80)).toEqual({ startMs: 1_050, size: slotSize(1_050, 80) });
    expect(nextSlot(1_950, 80).startMs).toBe(2_050);
    // At 1/s only one slot a second carries a message.
    const first = nextSlot(5_001, 1);
    expect(first.size).toBe(1);
    expect(nextSlot(first.startMs + 1, 1).startMs - first.startMs).toBe(1000);
  });

  it('slows down on throughput errors and recovers to the full rate', () => {
    expect(slowedDown(1)).toBe(0.5);
    expect(slowedDown(0.1)).toBe(0.1);
    expect(recovered(0.9)).toBe(1);
    expect(effectiveRate(80, 0.5)).toBe(40);
    expect(effectiveRate(1, 0.1)).toBe(1);
  });
});
