import { describe, expect, it } from 'vitest';
import { batchBucketSeconds, MAX_BATCH_BUCKETS, percentOf } from './campaign-reports.ts';

describe('batch analysis bucket width', () => {
  it('takes the narrowest round width that keeps the span within the bucket limit', () => {
    expect(batchBucketSeconds(0)).toBe(1);
    expect(batchBucketSeconds(119)).toBe(1);
    expect(batchBucketSeconds(120)).toBe(5);
    expect(batchBucketSeconds(595)).toBe(5);
    expect(batchBucketSeconds(600)).toBe(10);
    expect(batchBucketSeconds(30 * 60)).toBe(30);
    expect(batchBucketSeconds(90 * 60)).toBe(60);
    expect(batchBucketSeconds(5 * 3_600)).toBe(300);
    expect(batchBucketSeconds(24 * 3_600)).toBe(900);
    expect(batchBucketSeconds(3 * 86_400)).toBe(3_600);
    expect(batchBucketSeconds(20 * 86_400)).toBe(21_600);
    expect(batchBucketSeconds(30 * 86_400)).toBe(43_200);
    expect(batchBucketSeconds(100 * 86_400)).toBe(86_400);
    expect(batchBucketSeconds(200 * 86_400)).toBe(2 * 86_400);
  });

  it('never yields more than the limit of aligned buckets, wherever the span starts', () => {
    for (const span of [0, 1, 7, 119, 120, 599.5, 3_601, 86_399, 1e6, 4e7]) {
      const width = batchBucketSeconds(span);
      for (const start of [0, 0.4, width - 0.01, 12_345.678]) {
        const buckets = Math.floor((start + span) / width) - Math.floor(start / width) + 1;
        expect(buckets).toBeLessThanOrEqual(MAX_BATCH_BUCKETS);
      }
    }
  });
});

describe('percentOf', () => {
  it('answers a percentage with one decimal, and null when there is nothing to divide by', () => {
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBeNull();
  });
});
