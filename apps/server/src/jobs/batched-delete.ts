/** Deleted per statement, so a first run over a large backlog never holds one long transaction. */
const BATCH = 10_000;

/** Runs `deleteBatch` (rows older than `before`, at most `limit` of them) until a batch comes back short; answers the total. */
export async function deleteOlderInBatches(deleteBatch: (before: Date, limit: number) => Promise<number>, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = await deleteBatch(before, BATCH);
    removed += n;
    if (n < BATCH) return removed;
  }
}
