import { describe, expect, it } from 'vitest';
import { effectiveRate, recovered, type SecondTaken, SLOT_MS, sendLeewayMs, slotSize, slowedDown, takeSlot } from './pacing.ts';

const fresh: SecondTaken = { secondStartMs: -1, taken: 0 };

const secondOf = (rate: number, secondStartMs: number) =>
  Array.from({ length: 1000 / SLOT_MS }, (_, k) => slotSize(secondStartMs + k * SLOT_MS, rate));

describe('campaign pacing', () => {
  it('spreads exactly the rate over every calendar second, for every rate from 1 to 1000', () => {
    for (let rate = 1; rate <= 1000; rate++) {
      const sizes = secondOf(rate, 1_700_000_000_000);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(rate);
    }
  });

  it('leaves the first slot and the last two of each second empty, so an early or late send stays in its own second', () => {
    for (const rate of [1, 7, 80, 1000]) {
      expect(secondOf(rate, 0).at(0)).toBe(0);
      expect(secondOf(rate, 0).slice(-2)).toEqual([0, 0]);
    }
  });

  it('spreads evenly: at 80/s slots carry 4 or 5, at 1000/s 58 or 59', () => {
    expect(new Set(secondOf(80, 0).slice(1, 18))).toEqual(new Set([4, 5]));
    expect(new Set(secondOf(1000, 0).slice(1, 18))).toEqual(new Set([58, 59]));
  });

  it('finds the next slot with room, rounding up to the grid', () => {
    expect(takeSlot(1_020, 80, fresh)).toMatchObject({ startMs: 1_050, size: slotSize(1_050, 80) });
    expect(takeSlot(1_950, 80, fresh).startMs).toBe(2_050);
    // At 1/s only one slot a second carries a message.
    const first = takeSlot(5_001, 1, fresh);
    expect(first.size).toBe(1);
    expect(takeSlot(first.startMs + 1, 1, first.second).startMs - first.startMs).toBe(1000);
  });

  it('makes up slots a second left unused, at most twice a slot, and never gives a second more than the rate', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const rate of [1, 80, 333, 1000]) {
      const perSecond = new Map<number, number>();
      let account = fresh;
      let at = 0;
      while (at < 200_000) {
        // A busy machine: one reservation in 30 comes late, up to 150 ms.
        const slot = takeSlot(at + (random() < 1 / 30 ? random() * 150 : 0), rate, account);
        const second = slot.startMs - (slot.startMs % 1000);
        perSecond.set(second, (perSecond.get(second) ?? 0) + slot.size);
        expect(slot.size).toBeLessThanOrEqual(2 * slotSize(slot.startMs, rate));
        account = slot.second;
        at = slot.startMs + SLOT_MS;
      }
      const totals = [...perSecond.values()];
      expect(Math.max(...totals)).toBeLessThanOrEqual(rate);
      // Slots are made up: most seconds still carry their whole rate despite the late reservations.
      expect(totals.filter((n) => n === rate).length / totals.length).toBeGreaterThan(0.8);
      expect(totals.reduce((a, b) => a + b, 0) / totals.length).toBeGreaterThan(0.97 * rate);
    }
  });

  it("lets a slot's sends leave until the second's empty tail begins", () => {
    expect(sendLeewayMs(7_050)).toBe(850);
    expect(sendLeewayMs(7_850)).toBe(50);
  });

  it('gives nothing more in a second whose account is already full', () => {
    const full: SecondTaken = { secondStartMs: 3_000, taken: 80 };
    expect(takeSlot(3_400, 40, full).startMs).toBe(4_050);
  });

  it('slows down on throughput errors and recovers to the full rate', () => {
    expect(slowedDown(1)).toBe(0.5);
    expect(slowedDown(0.1)).toBe(0.1);
    expect(recovered(0.9)).toBe(1);
    expect(effectiveRate(80, 0.5)).toBe(40);
    expect(effectiveRate(1, 0.1)).toBe(1);
  });
});
