import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './api-key-rate-limiter.ts';

const MINUTE = 60_000;

function limiterAt(start: number) {
  const clock = { now: start };
  return { clock, limiter: createRateLimiter(() => clock.now) };
}

describe('the per-key rate limiter', () => {
  it('admits the limit within a minute and then answers the seconds to wait, counting refusals for nothing', () => {
    const { clock, limiter } = limiterAt(100 * MINUTE + 10_000);
    for (let i = 0; i < 3; i++) expect(limiter.take(1, 3)).toBe(0);
    // Nothing from the minute before: the next call fits when this minute ends (50 s on) and the count starts fading.
    const wait = limiter.take(1, 3);
    expect(wait).toBe(50 + 20);
    expect(limiter.take(1, 3)).toBe(wait);
    clock.now += 50_000 + 20_000;
    expect(limiter.take(1, 3)).toBe(0);
  });

  it("weighs the previous minute's calls by how much of it is still within the last 60 seconds", () => {
    const { clock, limiter } = limiterAt(200 * MINUTE + 50_000);
    for (let i = 0; i < 10; i++) expect(limiter.take(7, 10)).toBe(0);
    // 15 s into the next minute, the 10 calls weigh 10 × 45/60 = 7.5: two more fit, the third waits.
    clock.now = 201 * MINUTE + 15_000;
    expect(limiter.take(7, 10)).toBe(0);
    expect(limiter.take(7, 10)).toBe(0);
    // 10 × (45 - t)/60 + 2 + 1 <= 10 from t = 3 s.
    expect(limiter.take(7, 10)).toBe(3);
    clock.now += 3_000;
    expect(limiter.take(7, 10)).toBe(0);
  });

  it('lets no burst of twice the limit through at the turn of a minute', () => {
    const { clock, limiter } = limiterAt(300 * MINUTE + 59_000);
    let admitted = 0;
    for (let i = 0; i < 10; i++) if (limiter.take(3, 5) === 0) admitted++;
    clock.now = 301 * MINUTE + 1_000;
    for (let i = 0; i < 10; i++) if (limiter.take(3, 5) === 0) admitted++;
    expect(admitted).toBe(5);
  });

  it('forgets a minute once a whole minute has passed, and counts each key on its own', () => {
    const { clock, limiter } = limiterAt(400 * MINUTE);
    expect(limiter.take(1, 1)).toBe(0);
    expect(limiter.take(2, 1)).toBe(0);
    expect(limiter.take(1, 1)).toBeGreaterThan(0);
    clock.now += 2 * MINUTE;
    expect(limiter.take(1, 1)).toBe(0);
  });
});
