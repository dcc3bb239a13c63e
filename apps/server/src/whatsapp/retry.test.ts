import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultRetry, withRetry } from './retry.ts';

describe('backoffDelay', () => {
  it('uses full jitter under a capped exponential ceiling', () => {
    const top = { baseMs: 250, capMs: 4000, random: () => 0.999999 };
    expect([0, 1, 2, 3, 4, 8].map((a) => backoffDelay(a, top))).toEqual([249, 499, 999, 1999, 3999, 3999]);
    expect(backoffDelay(3, { ...top, random: () => 0 })).toBe(0);
  });
});

describe('withRetry', () => {
  it('stops at once when the error is not retryable and after the budget otherwise', async () => {
    const sleeps: number[] = [];
    const options = { ...defaultRetry, sleep: async (ms: number) => void sleeps.push(ms) };
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('nope'));
    };
    await expect(withRetry(failing, () => false, options)).rejects.toThrow('nope');
    expect(calls).toBe(1);
    await expect(withRetry(failing, () => true, options)).rejects.toThrow('nope');
    expect(calls).toBe(5);
    expect(sleeps).toHaveLength(3);
  });
});
