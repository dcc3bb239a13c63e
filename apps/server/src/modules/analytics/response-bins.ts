import { type ResponseStats, type ResponseTimeBin, responseTimeBinLimits, responseTimeBins } from '@wac/contract/analytics';

/*
 * Waiting times are kept as histograms (analytics_counts keys are bin indexes), so medians and percentiles over any
 * range add up from 15-minute buckets. The bins are fine where people read them (5 s under a minute) and coarser
 * beyond; the contract's six distribution bins are unions of them.
 */

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

function steps(from: number, to: number, step: number): number[] {
  const edges: number[] = [];
  for (let at = from + step; at <= to; at += step) edges.push(at);
  return edges;
}

/** Upper edges in seconds of every bin but the last, which is open. */
export const BIN_UPPER_EDGES: readonly number[] = [
  ...steps(0, MINUTE, 5),
  ...steps(MINUTE, 5 * MINUTE, 30),
  ...steps(5 * MINUTE, 15 * MINUTE, MINUTE),
  ...steps(15 * MINUTE, HOUR, 5 * MINUTE),
  ...steps(HOUR, 4 * HOUR, 15 * MINUTE),
  ...steps(4 * HOUR, DAY, HOUR),
  2 * DAY,
  7 * DAY,
];

/**
 * The hour-of-week heatmap's coarser histogram, whose bins are unions of the fine ones: a cell's median is read
 * inside one of these, so that a year of cells is a bounded number of rows (twelve months of 168 cells of at most 11 bins).
 */
export const CELL_BIN_UPPER_EDGES: readonly number[] = [
  30,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  DAY,
];

/** The index of the bin a wait of `seconds` falls in: [lower, upper). */
export function binOf(seconds: number, edges: readonly number[] = BIN_UPPER_EDGES): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (seconds < (edges[mid] as number)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const lowerEdge = (bin: number, edges: readonly number[] = BIN_UPPER_EDGES) => (bin === 0 ? 0 : (edges[bin - 1] as number));

/** The heatmap cell's bin holding the fine bin `bin` (whole: every cell edge is a fine edge). */
export const cellBinOf = (bin: number): number => binOf(lowerEdge(bin), CELL_BIN_UPPER_EDGES);

/** cellBinOf of every fine bin, indexed from 1 as an SQL array is. */
export const CELL_BIN_OF_BIN: readonly number[] = Array.from({ length: BIN_UPPER_EDGES.length + 1 }, (_, bin) => cellBinOf(bin));

/** The contract's distribution bin a histogram bin belongs to. */
export function distributionBinOf(bin: number): ResponseTimeBin {
  const lower = lowerEdge(bin);
  return responseTimeBins.find((name) => lower < responseTimeBinLimits[name]) as ResponseTimeBin;
}

/** One histogram bin's samples: how many and the sum of their seconds. */
export interface BinCount {
  bin: number;
  count: number;
  total: number;
}

/**
 * The sample at quantile q (0–1), interpolated linearly inside its bin of `edges` (the fine bins unless told);
 * an open last bin answers the mean of its own samples, the best it knows. Null with no samples.
 */
export function quantileOf(bins: readonly BinCount[], q: number, edges: readonly number[] = BIN_UPPER_EDGES): number | null {
  const sorted = [...bins].filter((b) => b.count > 0).sort((a, b) => a.bin - b.bin);
  const count = sorted.reduce((sum, b) => sum + b.count, 0);
  if (count === 0) return null;
  const rank = q * count;
  let seen = 0;
  for (const b of sorted) {
    if (seen + b.count >= rank) {
      if (b.bin >= edges.length) return Math.round(b.total / b.count);
      const lower = lowerEdge(b.bin, edges);
      const upper = edges[b.bin] as number;
      return Math.round(lower + ((rank - seen) / b.count) * (upper - lower));
    }
    seen += b.count;
  }
  return null;
}

/** A histogram read as the contract's response stats. */
export function responseStatsOf(bins: readonly BinCount[]): ResponseStats {
  const count = bins.reduce((sum, b) => sum + b.count, 0);
  const total = bins.reduce((sum, b) => sum + b.total, 0);
  const distribution = new Map<ResponseTimeBin, number>(responseTimeBins.map((name) => [name, 0]));
  for (const b of bins) distribution.set(distributionBinOf(b.bin), (distribution.get(distributionBinOf(b.bin)) ?? 0) + b.count);
  return {
    count,
    medianSeconds: quantileOf(bins, 0.5),
    p90Seconds: quantileOf(bins, 0.9),
    averageSeconds: count === 0 ? null : Math.round(total / count),
    distribution: responseTimeBins.map((bin) => ({ bin, count: distribution.get(bin) ?? 0 })),
  };
}
