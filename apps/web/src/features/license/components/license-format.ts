import { formatBytes, formatCompactNumber } from '@wac/contract/format';
import type { LicenseDetails } from '@wac/contract/license';
import { BYTES_PER_MB, type LicenseStatus } from '@wac/contract/license-quotas';
import type { QuotaType } from '@wac/contract/plans';

/** 'used of limit' for a quota: counts with K and M (spec 9), storage (kept in MB) in byte units. */
export function formatQuotaUsage(quota: QuotaType, record: { used: number; limit: number }, unit: string): string {
  if (quota === 'storage') return `${formatBytes(record.used * BYTES_PER_MB)} of ${formatBytes(record.limit * BYTES_PER_MB)}`;
  return `${formatCompactNumber(record.used)} of ${formatCompactNumber(record.limit)} ${unit}`;
}

export const blockingLevelLabels = ['No restrictions', 'Approaching a limit', 'A quota is used up', 'Changes are blocked'] as const;

export function blockingLevelLabel(level: number): string {
  return blockingLevelLabels[Math.min(Math.max(level, 0), 3)] as string;
}

export const statusLabels: Record<LicenseStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  invalid: 'Invalid',
  suspended: 'Suspended',
};

/** Where the licence in force came from, in a sentence. */
export function licenseSourceText(details: Pick<LicenseDetails, 'source' | 'appliedBy'>): string {
  if (details.source === 'env') return 'From the server environment (LICENSE_KEY)';
  if (details.source === 'console') return `Applied in the console${details.appliedBy ? ` by ${details.appliedBy}` : ''}`;
  return 'No licence key: the Development plan';
}
