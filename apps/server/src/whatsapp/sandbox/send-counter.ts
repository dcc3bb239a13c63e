export interface SendCounts {
  total: number;
  byRecipient: Record<string, number>;
  /** Ascending by second; seconds without a send are left out. */
  perSecond: { second: number; count: number }[];
  /**
   * Per business number (phone-number id): its sends, the most it accepted within one calendar second, and the most
   * within any one second measured over every sliding window [t, t + 1000 ms), which calendar seconds can hide.
   */
  byNumber: Record<string, { total: number; maxInCalendarSecond: number; maxInAnySecond: number }>;
  /** Sends that came through Meta's Marketing Messages API (/marketing_messages). */
  marketing: number;
}

/** Send times kept per number for the sliding windows; beyond this the oldest are dropped (benchmarks stay far below). */
const TIMES_KEPT = 1_000_000;

/** The most times within any window [t, t + 1000 ms), the times ascending. */
export function maxInAnySecond(times: readonly number[]): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** The most times within one calendar second. */
export function maxInCalendarSecond(times: readonly number[]): number {
  const perSecond = new Map<number, number>();
  for (const at of times) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return Math.max(0, ...perSecond.values());
}

/**
 * The sends the sandbox Graph accepted, counted per recipient wa_id, per wall-clock second and per business number,
 * so tests and benchmarks can check exactly-once delivery and pacing. Counters in memory only, kept until reset.
 */
export function createSendCounter(now: () => number = Date.now) {
  const byRecipient = new Map<string, number>();
  const perSecond = new Map<number, number>();
  const timesByNumber = new Map<string, number[]>();
  let total = 0;
  let marketing = 0;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  return {
    record(waId: string, phoneNumberId: string, viaMarketingApi = false): void {
      const at = now();
      total += 1;
      if (viaMarketingApi) marketing += 1;
      bump(byRecipient, waId);
      bump(perSecond, Math.floor(at / 1000));
      const times = timesByNumber.get(phoneNumberId) ?? [];
      if (times.length >= TIMES_KEPT) times.shift();
      times.push(at);
      timesByNumber.set(phoneNumberId, times);
    },

    counts(): SendCounts {
      return {
        total,
        byRecipient: Object.fromEntries(byRecipient),
        perSecond: [...perSecond].map(([second, count]) => ({ second, count })).sort((a, b) => a.second - b.second),
        byNumber: Object.fromEntries(
          [...timesByNumber].map(([id, times]) => [
            id,
            { total: times.length, maxInCalendarSecond: maxInCalendarSecond(times), maxInAnySecond: maxInAnySecond(times) },
          ]),
        ),
        marketing,
      };
    },

    reset(): void {
      total = 0;
      marketing = 0;
      byRecipient.clear();
      perSecond.clear();
      timesByNumber.clear();
    },
  };
}

export type SendCounter = ReturnType<typeof createSendCounter>;
