export interface SendCounts {
  total: number;
  byRecipient: Record<string, number>;
  /** Ascending by second; seconds without a send are left out. */
  perSecond: { second: number; count: number }[];
}

/**
 * The sends the sandbox Graph accepted, counted per recipient wa_id and per wall-clock second, so tests and
 * benchmarks can check exactly-once delivery and pacing. Counters in memory only, kept until reset.
 */
export function createSendCounter(now: () => number = Date.now) {
  const byRecipient = new Map<string, number>();
  const perSecond = new Map<number, number>();
  let total = 0;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  return {
    record(waId: string): void {
      total += 1;
      bump(byRecipient, waId);
      bump(perSecond, Math.floor(now() / 1000));
    },

    counts(): SendCounts {
      return {
        total,
        byRecipient: Object.fromEntries(byRecipient),
        perSecond: [...perSecond].map(([second, count]) => ({ second, count })).sort((a, b) => a.second - b.second),
      };
    },

    reset(): void {
      total = 0;
      byRecipient.clear();
      perSecond.clear();
    },
  };
}

export type SendCounter = ReturnType<typeof createSendCounter>;
