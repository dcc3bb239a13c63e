import { describe, expect, it } from 'vitest';
import {
  BIN_UPPER_EDGES,
  type BinCount,
  binOf,
  CELL_BIN_OF_BIN,
  CELL_BIN_UPPER_EDGES,
  cellBinOf,
  distributionBinOf,
  quantileOf,
  responseStatsOf,
} from './response-bins.ts';

/** Waits in seconds as the rollups keep them: per histogram bin, how many and their sum. */
function histogram(waits: readonly number[]): BinCount[] {
  const bins = new Map<number, BinCount>();
  for (const seconds of waits) {
    const bin = binOf(seconds);
    const b = bins.get(bin) ?? { bin, count: 0, total: 0 };
    b.count += 1;
    b.total += seconds;
    bins.set(bin, b);
  }
  return [...bins.values()];
}

/** The exact quantile of sorted waits (nearest rank). */
function exactQuantile(waits: readonly number[], q: number): number {
  const sorted = [...waits].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}

const widthAt = (seconds: number) => {
  const bin = binOf(seconds);
  return (BIN_UPPER_EDGES[bin] as number) - (bin === 0 ? 0 : (BIN_UPPER_EDGES[bin - 1] as number));
};

describe('response-time histogram', () => {
  it('puts a wait in the bin whose lower edge it reaches: 5 s bins under a minute, coarser beyond', () => {
    expect([binOf(0), binOf(4.9), binOf(5), binOf(59), binOf(60), binOf(89), binOf(90)]).toEqual([0, 0, 1, 11, 12, 12, 13]);
    expect(widthAt(30)).toBe(5);
    expect(widthAt(200)).toBe(30);
    expect(widthAt(600)).toBe(60);
    expect(widthAt(1800)).toBe(300);
    expect(widthAt(7200)).toBe(900);
    expect(widthAt(36_000)).toBe(3600);
    // 1-2 days, 2-7 days, then one open bin.
    expect(binOf(7 * 86_400 + 1)).toBe(BIN_UPPER_EDGES.length);
  });

  it('reads median and p90 within one bin of the exact values, on waits spread over every scale', () => {
    const sets = [
      [3, 7, 12, 14, 18, 22, 41, 44, 58, 59],
      [45, 61, 75, 130, 200, 290, 310, 420, 880, 905, 2000, 3500],
      [12, 15, 17, 20, 300, 14_000, 15_000, 40_000, 90_000, 200_000, 700_000],
      Array.from({ length: 500 }, (_, i) => Math.round(((i * 7919) % 997) * 13.7)),
    ];
    for (const waits of sets) {
      const bins = histogram(waits);
      for (const q of [0.5, 0.9]) {
        const exact = exactQuantile(waits, q);
        const read = quantileOf(bins, q) as number;
        // Interpolated inside the exact value's bin (or at its edge).
        expect(Math.abs(read - exact), `q${q} of ${waits.slice(0, 5)}`).toBeLessThanOrEqual(widthAt(exact));
      }
    }
  });

  it('answers the exact value when every wait is the same, and the mean of the open bin beyond 7 days', () => {
    // Ten waits of 42 s in bin [40, 45): the median interpolates to the bin's middle.
    expect(quantileOf(histogram(Array(10).fill(42)), 0.5)).toBe(43);
    expect(quantileOf(histogram([8 * 86_400, 10 * 86_400]), 0.5)).toBe(9 * 86_400);
    expect(quantileOf([], 0.5)).toBeNull();
  });

  it("keeps the heatmap's coarser bins as unions of the fine ones, and reads a cell's median inside them", () => {
    expect(CELL_BIN_UPPER_EDGES.every((edge) => BIN_UPPER_EDGES.includes(edge))).toBe(true);
    const waits = [
      0, 4, 29, 30, 59, 60, 299, 300, 899, 900, 1799, 1800, 3599, 3600, 7199, 7200, 14_399, 14_400, 28_800, 86_399, 86_400, 9e5,
    ];
    // A wait's fine bin lies whole in the cell bin the wait falls in.
    expect(waits.map((seconds) => cellBinOf(binOf(seconds)))).toEqual(waits.map((seconds) => binOf(seconds, CELL_BIN_UPPER_EDGES)));
    expect(CELL_BIN_OF_BIN).toHaveLength(BIN_UPPER_EDGES.length + 1);
    expect(CELL_BIN_OF_BIN.at(-1)).toBe(CELL_BIN_UPPER_EDGES.length);
    // Two waits of 6 and 8 minutes in the cell bin [5, 15) minutes: the median is interpolated in it.
    const cell = [{ bin: binOf(360, CELL_BIN_UPPER_EDGES), count: 2, total: 840 }];
    expect(quantileOf(cell, 0.5, CELL_BIN_UPPER_EDGES)).toBe(600);
    expect(quantileOf([{ bin: CELL_BIN_UPPER_EDGES.length, count: 2, total: 5 * 86_400 }], 0.5, CELL_BIN_UPPER_EDGES)).toBe(2.5 * 86_400);
  });

  it('sums the fine bins into the six distribution bins at their exact limits', () => {
    const waits = [0, 59, 60, 299, 300, 899, 900, 3599, 3600, 14_399, 14_400, 900_000];
    expect(waits.map((s) => distributionBinOf(binOf(s)))).toEqual([
      'under_1m',
      'under_1m',
      '1_5m',
      '1_5m',
      '5_15m',
      '5_15m',
      '15_60m',
      '15_60m',
      '1_4h',
      '1_4h',
      'over_4h',
      'over_4h',
    ]);
    const stats = responseStatsOf(histogram(waits));
    expect(stats.count).toBe(12);
    expect(stats.averageSeconds).toBe(Math.round(waits.reduce((a, b) => a + b, 0) / 12));
    expect(stats.distribution).toEqual([
      { bin: 'under_1m', count: 2 },
      { bin: '1_5m', count: 2 },
      { bin: '5_15m', count: 2 },
      { bin: '15_60m', count: 2 },
      { bin: '1_4h', count: 2 },
      { bin: 'over_4h', count: 2 },
    ]);
  });

  it('answers nulls and empty bins with no samples', () => {
    expect(responseStatsOf([])).toEqual({
      count: 0,
      medianSeconds: null,
      p90Seconds: null,
      averageSeconds: null,
      distribution: ['under_1m', '1_5m', '5_15m', '15_60m', '1_4h', 'over_4h'].map((bin) => ({ bin, count: 0 })),
    });
  });
});
