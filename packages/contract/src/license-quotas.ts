// Quota arithmetic and blocking levels (spec 3 "Quota record", spec 4, spec 9), shared by server and console.

export const QUOTA_WARNING_PERCENT = 80;
export const QUOTA_EXCEEDED_PERCENT = 100;
/** Within this many days of expiry the licence shows as a warning (blocking level 1). */
export const LICENSE_EXPIRY_WARNING_DAYS = 14;

export interface QuotaRecord {
  used: number;
  limit: number;
  available: number;
  /** used / limit in percent, one decimal, may pass 100. */
  percentage: number;
  /** The percentage a progress bar shows: capped at 100. */
  progressPercentage: number;
  /** At or past the limit: nothing more can be added. */
  isExceeded: boolean;
  /** At 80% or more but not yet exceeded. */
  isWarning: boolean;
  /** What the refused action asked for, on a QUOTA_EXCEEDED answer. */
  requested?: number;
}

/** A limit of 0 counts as used up: the plan gives none of it. */
export function quotaRecord(used: number, limit: number, requested?: number): QuotaRecord {
  const exact = limit > 0 ? (used / limit) * 100 : 100;
  const percentage = Math.round(exact * 10) / 10;
  const isExceeded = exact >= QUOTA_EXCEEDED_PERCENT;
  return {
    used,
    limit,
    available: Math.max(0, limit - used),
    percentage,
    progressPercentage: Math.min(100, percentage),
    isExceeded,
    isWarning: !isExceeded && exact >= QUOTA_WARNING_PERCENT,
    ...(requested === undefined ? {} : { requested }),
  };
}

/** Whether adding `requested` more keeps usage within the limit. */
export function fitsQuota(used: number, limit: number, requested: number): boolean {
  return used + requested <= limit;
}

export const licenseStatuses = ['active', 'expired', 'invalid', 'suspended'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

/**
 * 0: all well. 1: a quota at 80% or the licence expiring within 14 days. 2: a quota used up (actions
 * that need it are refused). 3: the licence is expired, invalid or suspended (writes are refused).
 */
export function blockingLevel(
  status: LicenseStatus,
  quotas: Pick<QuotaRecord, 'isExceeded' | 'isWarning'>[],
  daysRemaining: number | null,
): 0 | 1 | 2 | 3 {
  if (status !== 'active') return 3;
  if (quotas.some((q) => q.isExceeded)) return 2;
  if (quotas.some((q) => q.isWarning)) return 1;
  if (daysRemaining !== null && daysRemaining <= LICENSE_EXPIRY_WARNING_DAYS) return 1;
  return 0;
}

export type BlockingColour = 'green' | 'yellow' | 'orange' | 'red';

/** Spec 4: 0 green, 1 yellow, 2 orange, 3 or more red. */
export function blockingLevelColour(level: number): BlockingColour {
  if (level <= 0) return 'green';
  if (level === 1) return 'yellow';
  if (level === 2) return 'orange';
  return 'red';
}

export const BYTES_PER_MB = 1024 * 1024;

/** Storage quotas are in MB; one decimal is enough to show and to compare. */
export function bytesToMb(bytes: number): number {
  return Math.ceil((bytes / BYTES_PER_MB) * 10) / 10;
}
