/** Nearest-rank percentile of ascending-sorted values (p in 0..100); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

export const ms = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** Milliseconds on a clock every process on the machine shares (the wall clock, with sub-millisecond resolution). */
export const epochMs = () => performance.timeOrigin + performance.now();

/** A numeric option from the command line or environment, its fallback when missing or not a number, kept within bounds. */
export const clamp = (value: string | undefined, fallback: number, min: number, max: number) =>
  Math.min(Math.max(Number(value ?? fallback) || fallback, min), max);
