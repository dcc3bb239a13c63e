const MAX_TRACKED = 10_000;

/**
 * Counts failures per key (a client address) in fixed windows, in this process's memory, and says how long a key
 * that reached the limit must wait. At most MAX_TRACKED keys are kept: expired ones go first, then the oldest.
 */
export function createFailureLimiter({ max, windowMs }: { max: number; windowMs: number }, now: () => number = Date.now) {
  const windows = new Map<string, { failures: number; endsAt: number }>();

  function forget(): void {
    const at = now();
    for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_TRACKED) break;
      windows.delete(key);
    }
  }

  return {
    /** Records one failure; answers the seconds to wait when this key is now past its limit, else 0. */
    fail(key: string): number {
      const at = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= at) {
        if (windows.size >= MAX_TRACKED) forget();
        w = { failures: 0, endsAt: at + windowMs };
        windows.set(key, w);
      }
      w.failures += 1;
      return w.failures > max ? Math.ceil((w.endsAt - at) / 1000) : 0;
    },
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
