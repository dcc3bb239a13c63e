export interface RetryOptions {
  attempts: number;
  baseMs: number;
  capMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const defaultRetry: RetryOptions = {
  attempts: 4,
  baseMs: 250,
  capMs: 4000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** Full jitter: a random wait up to the capped exponential step, so many clients do not retry in step. */
export function backoffDelay(attempt: number, options: Pick<RetryOptions, 'baseMs' | 'capMs' | 'random'>): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** attempt);
  return Math.floor(options.random() * ceiling);
}

/** Runs `fn` up to `attempts` times while `shouldRetry` says the failure is worth another try. */
export async function withRetry<T>(fn: () => Promise<T>, shouldRetry: (err: unknown) => boolean, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt + 1 >= options.attempts || !shouldRetry(err)) throw err;
      await options.sleep(backoffDelay(attempt, options));
    }
  }
}
