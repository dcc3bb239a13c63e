const WINDOW_MS = 60_000;

interface Counter {
  /** The minute (since the epoch) `current` counts. */
  minute: number;
  current: number;
  /** Calls of the minute before. */
  previous: number;
}

/**
 * Calls per key in the last 60 seconds, estimated from two counts: this minute's, plus the previous minute's weighted
 * by how much of it is still within the last 60 seconds. Unlike one fixed window, it lets no burst of twice the limit
 * through at the turn of a minute. The counts live in this process's memory: behind several server processes each
 * allows the limit (the daily api_calls quota is counted in PostgreSQL, exactly, across them).
 */
export function createRateLimiter(now: () => number = Date.now) {
  const counters = new Map<number, Counter>();

  function counterAt(keyId: number, minute: number): Counter {
    let counter = counters.get(keyId);
    if (!counter) {
      counter = { minute, current: 0, previous: 0 };
      counters.set(keyId, counter);
    } else if (counter.minute !== minute) {
      counter.previous = counter.minute === minute - 1 ? counter.current : 0;
      counter.current = 0;
      counter.minute = minute;
    }
    return counter;
  }

  return {
    /** Counts a call and answers 0; past `limit` per minute it counts nothing and answers the seconds to wait instead. */
    take(keyId: number, limit: number): number {
      const at = now();
      const minute = Math.floor(at / WINDOW_MS);
      const counter = counterAt(keyId, minute);
      const elapsed = at - minute * WINDOW_MS;
      if (counter.previous * ((WINDOW_MS - elapsed) / WINDOW_MS) + counter.current + 1 <= limit) {
        counter.current += 1;
        return 0;
      }
      return Math.max(1, Math.ceil(waitMs(counter, limit, elapsed) / 1000));
    },
  };
}

/** Until one more call fits: later this minute as the previous minute's weight fades, else into the next minute. */
function waitMs({ current, previous }: Counter, limit: number, elapsed: number): number {
  const room = limit - 1 - current;
  if (room >= 0) return Math.max(0, WINDOW_MS - elapsed - (room * WINDOW_MS) / previous);
  // Next minute, this one's count is the previous one's and fades from there.
  return WINDOW_MS - elapsed + Math.max(0, WINDOW_MS - ((limit - 1) * WINDOW_MS) / current);
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
