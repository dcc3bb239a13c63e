import { describe, expect, it } from 'vitest';
import { nextAttemptAt, type RetryPolicy } from './outbound-retry.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const created = new Date('2025-01-01T00:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);
const policy = (random: number): RetryPolicy => ({
  delaysMs: [10_000, 30_000, 2 * MINUTE, HOUR],
  windowMs: 24 * HOUR,
  random: () => random,
});

describe('when a failed delivery goes again', () => {
  it('waits the configured delay after each failure, the last one repeating', () => {
    const even = policy(0.5);
    expect(nextAttemptAt(even, created, 1, at(0))).toEqual(at(10_000));
    expect(nextAttemptAt(even, created, 2, at(10_000))).toEqual(at(40_000));
    expect(nextAttemptAt(even, created, 3, at(40_000))).toEqual(at(40_000 + 2 * MINUTE));
    expect(nextAttemptAt(even, created, 4, at(HOUR))).toEqual(at(2 * HOUR));
    expect(nextAttemptAt(even, created, 9, at(5 * HOUR))).toEqual(at(6 * HOUR));
  });

  it('varies each wait by up to 20% either way', () => {
    expect(nextAttemptAt(policy(0), created, 1, at(0))).toEqual(at(8_000));
    expect(nextAttemptAt(policy(0.999_999), created, 1, at(0))?.getTime()).toBeCloseTo(at(12_000).getTime(), -1);
  });

  it('gives up when the next attempt would come more than a day after the event', () => {
    const even = policy(0.5);
    expect(nextAttemptAt(even, created, 20, at(23 * HOUR))).toEqual(at(24 * HOUR));
    expect(nextAttemptAt(even, created, 20, at(23 * HOUR + 1))).toBeNull();
    expect(nextAttemptAt({ ...even, delaysMs: [] }, created, 1, at(0))).toBeNull();
  });
});
