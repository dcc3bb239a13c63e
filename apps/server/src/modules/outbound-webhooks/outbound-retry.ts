/** How a failed delivery is tried again: the configured waits (the last repeats), each varied, within a window after the event. */
export interface RetryPolicy {
  /** The waits before the 2nd, 3rd, ... attempt (config OUTBOUND_WEBHOOK_RETRY_DELAYS_MS). */
  delaysMs: readonly number[];
  /** No attempt is made later than this long after the event (OUTBOUND_RETRY_WINDOW_MS). */
  windowMs: number;
  /** In [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
}

/** ±20%: receivers that failed together (an outage) are not all tried again in the same second. */
const JITTER = 0.2;

/**
 * When a delivery that has failed `attempts` times goes again, or null when it is given up: the next wait would end
 * past the window.
 */
export function nextAttemptAt(policy: RetryPolicy, createdAt: Date, attempts: number, now: Date): Date | null {
  const { delaysMs, windowMs, random = Math.random } = policy;
  const base = delaysMs[Math.min(Math.max(attempts, 1), delaysMs.length) - 1];
  if (base === undefined) return null;
  const next = now.getTime() + base * (1 - JITTER + 2 * JITTER * random());
  return next > createdAt.getTime() + windowMs ? null : new Date(next);
}
