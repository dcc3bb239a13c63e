import { REFUSAL_WINDOW_MS, REFUSALS_LOGGED_EACH } from '@wac/contract/api-keys';
import type { ApiCallRow } from './api-keys.repository.ts';

/** Windows followed at most: past it, the open ones are closed early (a stranger's many addresses cannot grow the map). */
const MAX_WINDOWS = 10_000;

interface Window {
  endsAt: number;
  logged: number;
  /** The row standing for the calls past REFUSALS_LOGGED_EACH, written when the window ends. */
  folded: ApiCallRow | null;
}

const windowKey = (row: ApiCallRow) => `${row.keyId} ${row.ip} ${row.method} ${row.path} ${row.status} ${row.errorCode}`;

/**
 * Keeps the usage log of refused calls (revoked or expired key, address outside its ranges, missing scope, over its rate
 * limit or the plan's) bounded: per key, address, endpoint and reason, REFUSALS_LOGGED_EACH rows each per window, then
 * one row whose `calls` counts the rest, with the time of the last of them and their mean latency.
 */
export function createRefusedCalls(now: () => number = Date.now) {
  const windows = new Map<string, Window>();

  /** Takes out the folded rows of windows that ended (or of all of them), forgetting those windows. */
  function close(all: boolean): ApiCallRow[] {
    const at = now();
    const rows: ApiCallRow[] = [];
    for (const [key, window] of windows) {
      if (!all && window.endsAt > at) continue;
      if (window.folded) rows.push(window.folded);
      windows.delete(key);
    }
    return rows;
  }

  return {
    /** The rows to log for this refused call now: itself, or nothing when it is folded (and a window's row that ended). */
    add(row: ApiCallRow): ApiCallRow[] {
      const at = now();
      const key = windowKey(row);
      let window = windows.get(key);
      const due: ApiCallRow[] = [];
      if (window && window.endsAt <= at) {
        if (window.folded) due.push(window.folded);
        window = undefined;
      }
      if (!window) {
        if (windows.size >= MAX_WINDOWS) due.push(...close(false));
        if (windows.size >= MAX_WINDOWS) due.push(...close(true));
        window = { endsAt: at + REFUSAL_WINDOW_MS, logged: 0, folded: null };
        windows.set(key, window);
      }
      if (window.logged < REFUSALS_LOGGED_EACH) {
        window.logged += 1;
        due.push(row);
      } else if (!window.folded) {
        window.folded = { ...row };
      } else {
        const folded = window.folded;
        folded.latencyMs = (folded.latencyMs * folded.calls + row.latencyMs) / (folded.calls + 1);
        folded.calls += 1;
        folded.at = row.at;
      }
      return due;
    },

    /** The rows of the windows that ended by now. */
    ended: () => close(false),
    /** The rows of every window, ended or not (on shutdown). */
    all: () => close(true),
    /** Whether a window is still open, so someone must come back for its row. */
    get open(): boolean {
      return windows.size > 0;
    },
  };
}

export type RefusedCalls = ReturnType<typeof createRefusedCalls>;
