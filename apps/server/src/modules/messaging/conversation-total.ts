/** How long the inbox's unfiltered total may be reused: counting 100k conversations costs more than reading the page. */
const TOTAL_TTL_MS = 5000;

/**
 * The total a page of the list can answer for itself: a page with nothing after it is the last one, so the total is
 * exact whatever any count said. Before more rows, a known total (counted now, or recently) holds while it says more
 * follow: conversations are never deleted, so an older count can only be too low, never promise pages that are gone.
 * null: it must be counted now (also past the end, where the page knows nothing).
 */
export function pageTotal({
  offset,
  rows,
  more,
  known,
}: {
  offset: number;
  rows: number;
  /** Whether a row follows the page. */
  more: boolean;
  known: number | null;
}): number | null {
  if (!more && (rows > 0 || offset === 0)) return offset + rows;
  return more && known !== null && known > offset + rows ? known : null;
}

export type ConversationTotal = ReturnType<typeof createConversationTotal>;

/** The unfiltered inbox total, counted at most once per few seconds per server (concurrent callers share a count). */
export function createConversationTotal(count: () => Promise<number>, ttlMs = TOTAL_TTL_MS) {
  let cached: { value: number; at: number } | null = null;
  let counting: Promise<number> | null = null;
  return {
    /** The last count while it is recent, else null. */
    recent: (): number | null => (cached && Date.now() - cached.at < ttlMs ? cached.value : null),
    count: (): Promise<number> => {
      counting ??= count()
        .then((value) => {
          cached = { value, at: Date.now() };
          return value;
        })
        .finally(() => {
          counting = null;
        });
      return counting;
    },
  };
}
