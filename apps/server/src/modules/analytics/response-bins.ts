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

/** The index of the bin a wait of `seconds` falls in: [lower, upper). */
export function binOf(seconds: number): number {
  let low = 0;
  let high = BIN_UPPER_EDGES.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (seconds < (BIN_UPPER_EDGES[mid] as number)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const lowerEdge = (bin: number) => (bin === 0 ? 0 : (BIN_UPPER_EDGES[bin - 1] as number));

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
 * The sample at quantile q (0–1), interpolated linearly inside its bin; an open last bin answers the mean of its own
 * samples, the best it knows. Null with no samples.
 */
export function quantileOf(bins: readonly BinCount[], q: number): number | null {
  const sorted = [...bins].filter((b) => b.count > 0).sort((a, b) => a.bin - b.bin);
  const count = sorted.reduce((sum, b) => sum + b.count, 0);
  if (count === 0) return null;
  const rank = q * count;
  let seen = 0;
  for (const b of sorted) {
    if (seen + b.count >= rank) {
      if (b.bin >= BIN_UPPER_EDGES.length) return Math.round(b.total / b.count);
      const lower = lowerEdge(b.bin);
      const upper = BIN_UPPER_EDGES[b.bin] as number;
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
