import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { LicenseService } from '../license/index.ts';

interface Waiter {
  resolve: (warning: LicenseErrorPayload | null) => void;
  reject: (err: unknown) => void;
}

const quotaExceeded = (err: unknown) => err instanceof AppError && err.code === 'QUOTA_EXCEEDED';

/**
 * Counts key-authenticated calls against the licence's daily api_calls quota. Every call adds to one counter row, so
 * counting each on its own makes concurrent calls queue for that row's lock, one commit each; instead the calls that
 * arrive while a count is being written are counted together by the next write (a group commit). A group the quota
 * cannot take whole is counted call by call, so exactly as many pass as the quota has left, here and across processes.
 */
export function createApiCallQuota(license: Pick<LicenseService, 'consumeApiCalls' | 'quotaWarning'>, db: Db) {
  let waiting: Waiter[] = [];
  let writing = false;

  async function count(group: Waiter[]): Promise<void> {
    let warning: LicenseErrorPayload | null = null;
    try {
      const record = await license.consumeApiCalls(db, group.length);
      if (record.isWarning || record.isExceeded) warning = await license.quotaWarning('api_calls').catch(() => null);
    } catch (err) {
      if (group.length > 1 && quotaExceeded(err)) {
        for (const waiter of group) await count([waiter]);
      } else {
        for (const waiter of group) waiter.reject(err);
      }
      return;
    }
    for (const waiter of group) waiter.resolve(warning);
  }

  async function drain(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      await count(group);
    }
    writing = false;
  }

  return {
    /** Counts one call: QUOTA_EXCEEDED past the limit, else the QUOTA_WARNING payload from 80% (null below). */
    take(): Promise<LicenseErrorPayload | null> {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

export type ApiCallQuota = ReturnType<typeof createApiCallQuota>;
