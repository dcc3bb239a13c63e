// The licence error payload of spec 3 and the detection of spec 8, written once for server and console.
// Free of zod: the console runs every response through it, the sign-in screens included.
import type { QuotaRecord } from './license-quotas.ts';

export const licenseErrorCodes = [
  'QUOTA_EXCEEDED',
  'FEATURE_NOT_AVAILABLE',
  'LICENSE_EXPIRED',
  'LICENSE_INVALID',
  'LICENSE_SUSPENDED',
  'SETUP_REQUIRED',
  'AUTH_REQUIRED',
  'INSUFFICIENT_PERMISSIONS',
  'QUOTA_WARNING',
  'RATE_LIMIT_EXCEEDED',
  'MAINTENANCE_MODE',
] as const;
export type LicenseErrorCode = (typeof licenseErrorCodes)[number];

export const licenseSeverities = ['error', 'warning', 'info'] as const;
export type LicenseSeverity = (typeof licenseSeverities)[number];

/** Quota usage as every licence payload summarises it. */
export type QuotaSummary = Pick<QuotaRecord, 'used' | 'limit' | 'isExceeded' | 'isWarning'>;

export interface LicenseSummary {
  plan: string;
  blockingLevel: number;
  features: Record<string, boolean>;
}

export interface LicenseErrorPayload {
  error: string;
  code: string;
  title?: string;
  details?: string;
  help?: string;
  severity?: LicenseSeverity;
  feature?: string;
  currentPlan?: string;
  requiredPlan?: string;
  plan?: string;
  quota?: QuotaRecord;
  quotaType?: string;
  action?: string;
  actionUrl?: string;
  upgradeUrl?: string;
  timestamp?: string;
  /** Seconds. */
  retryAfter?: number;
  _quotas?: Record<string, QuotaSummary>;
  _license?: LicenseSummary;
}

/** A quota past 80% after a successful action travels in this response header, as a QUOTA_WARNING payload in JSON. */
export const QUOTA_WARNING_HEADER = 'x-quota-warning';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const present = (value: unknown) => value !== undefined && value !== null;

export function isLicenseErrorCode(value: unknown): value is LicenseErrorCode {
  return typeof value === 'string' && (licenseErrorCodes as readonly string[]).includes(value);
}

/**
 * Spec 8: a body is a licence error when it has a known code, or an error with quotaType or
 * upgradeUrl, or a severity with a code, and carries no user or token (a sign-in answer never is one).
 * Returns the payload with `error` always a text, or null.
 */
export function detectLicenseError(body: unknown): LicenseErrorPayload | null {
  if (!isRecord(body)) return null;
  if (present(body.user) || present(body.token)) return null;
  const knownCode = isLicenseErrorCode(body.code);
  const errorWithQuota = present(body.error) && (present(body.quotaType) || present(body.upgradeUrl));
  const severityWithCode = present(body.severity) && present(body.code);
  if (!knownCode && !errorWithQuota && !severityWithCode) return null;

  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const error = text(body.error) ?? text(body.message) ?? text(body.title) ?? 'An error occurred';
  const severity = (licenseSeverities as readonly unknown[]).includes(body.severity) ? (body.severity as LicenseSeverity) : undefined;
  return { ...(body as Partial<LicenseErrorPayload>), error, code: typeof body.code === 'string' ? body.code : 'UNKNOWN', severity };
}

/** The warning header's value, parsed and checked like any body; null when absent or not a licence payload. */
export function parseQuotaWarningHeader(value: string | null | undefined): LicenseErrorPayload | null {
  if (!value) return null;
  try {
    return detectLicenseError(JSON.parse(value));
  } catch {
    return null;
  }
}
