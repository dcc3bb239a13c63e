import type { FastifyBaseLogger } from 'fastify';
import type { ApiCallRow } from './api-keys.repository.ts';
import { createRefusedCalls } from './refused-calls.ts';

/** A call waits at most this long in memory before it is written... */
const FLUSH_EVERY_MS = 250;
/** ...or less, once this many are waiting. */
const FLUSH_AT_ROWS = 500;
/** While the database does not answer, calls past this many are dropped (and counted) rather than filling the memory. */
const MAX_WAITING = 50_000;
/** How often open windows of refused calls are looked at, to write the row of each that ended. */
const REFUSALS_SWEEP_MS = 5_000;

export interface ApiCallLogDeps {
  /** Writes a batch in one statement (the repository's insertCalls). */
  write: (rows: readonly ApiCallRow[]) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * The usage log of key-authenticated calls, written off the request path: a call is pushed onto an array, and one
 * multi-row INSERT every 250 ms (or every 500 calls) writes what has gathered, one batch at a time. Closing writes the rest.
 * Refused calls are bounded per key, address, endpoint and reason (refused-calls.ts): past the first few in a minute,
 * one row counts the rest, written within a few seconds of the minute's end.
 */
export function createApiCallLog({ write, log, now = Date.now }: ApiCallLogDeps & { now?: () => number }) {
  let waiting: ApiCallRow[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let closed = false;
  const refusals = createRefusedCalls(now);
  let sweepTimer: NodeJS.Timeout | null = null;

  function push(row: ApiCallRow): void {
    if (waiting.length >= MAX_WAITING) {
      dropped += 1;
      return;
    }
    waiting.push(row);
    if (waiting.length >= FLUSH_AT_ROWS && !writing) void flush();
    else later();
  }

  function sweepLater(): void {
    sweepTimer ??= setTimeout(() => {
      sweepTimer = null;
      for (const row of refusals.ended()) push(row);
      if (refusals.open) sweepLater();
    }, REFUSALS_SWEEP_MS).unref();
  }

  function later(): void {
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, FLUSH_EVERY_MS).unref();
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const rows = waiting;
      waiting = [];
      try {
        await write(rows);
      } catch (err) {
        log.error({ err, rows: rows.length }, 'API call log rows could not be written');
        if (closed) continue;
        // Kept for the next try, up to the cap: a database that stays away loses the newest calls, not the process.
        waiting = rows.concat(waiting).slice(0, MAX_WAITING);
        later();
        return;
      }
    }
    if (dropped > 0) {
      log.warn({ dropped }, 'API call log rows dropped while the database was not answering');
      dropped = 0;
    }
  }

  /** Writes everything waiting; concurrent calls share the one batch under way, which picks up what arrives meanwhile. */
  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    writing ??= drain().finally(() => {
      writing = null;
      if (waiting.length > 0) later();
    });
    return writing;
  }

  return {
    /** Logs a call; a `refused` one (turned away by the key's rules) may be folded into its window's counting row. */
    record(row: ApiCallRow, refused = false): void {
      if (!refused) {
        push(row);
        return;
      }
      for (const due of refusals.add(row)) push(due);
      if (refusals.open) sweepLater();
    },
    flush,
    /** On shutdown: writes what is waiting (the counting rows of open windows too), once; a failure now loses those calls (logged). */
    close(): Promise<void> {
      closed = true;
      if (sweepTimer) clearTimeout(sweepTimer);
      sweepTimer = null;
      for (const row of refusals.all()) push(row);
      return flush();
    },
  };
}

export type ApiCallLog = ReturnType<typeof createApiCallLog>;
