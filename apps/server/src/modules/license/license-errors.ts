import type { LicenseErrorCode, LicenseErrorPayload, LicenseSeverity } from '@wac/contract/license-errors';
import type { QuotaRecord } from '@wac/contract/license-quotas';
import {
  type FeatureKey,
  featureLabels,
  type PlanKey,
  planName,
  plans,
  type QuotaType,
  quotaLabels,
  requiredPlanFor,
} from '@wac/contract/plans';
import { AppError } from '../../http/app-error.ts';

/** Where an admin applies a new key; also where an upgrade starts, since keys come from the vendor. */
export const LICENSE_SETTINGS_URL = '/settings#licence';
const OPEN_SETTINGS = 'Open licence settings';

type Snapshot = Pick<LicenseErrorPayload, '_quotas' | '_license'>;

const statusOf: Partial<Record<LicenseErrorCode, number>> = {
  QUOTA_EXCEEDED: 402,
  FEATURE_NOT_AVAILABLE: 403,
  LICENSE_EXPIRED: 403,
  LICENSE_INVALID: 403,
  LICENSE_SUSPENDED: 403,
};

/** The AppError the error handler turns into spec 3's licence error payload. */
export function licenseError(
  code: LicenseErrorCode,
  fields: Omit<LicenseErrorPayload, 'code' | 'timestamp' | '_quotas' | '_license'> & { severity: LicenseSeverity },
  snapshot: Snapshot,
  status = statusOf[code] ?? 403,
): AppError {
  const { error, ...rest } = fields;
  return new AppError(code, error, status, undefined, { ...rest, timestamp: new Date().toISOString(), ...snapshot });
}

/** The cheapest plan above `current` that gives more of the quota. */
function planWithMore(quota: QuotaType, current: PlanKey, limit: number): PlanKey | undefined {
  return (['basic', 'professional', 'enterprise'] as const).find((p) => p !== current && plans[p].quotas[quota] > limit);
}

const unitFor = (quota: QuotaType, n: number) => (n === 1 ? quotaLabels[quota].unitOne : quotaLabels[quota].unit);

export function quotaExceededFields(quota: QuotaType, record: QuotaRecord, plan: PlanKey, retryAfter: number | undefined) {
  const { name } = quotaLabels[quota];
  const requested = record.requested ?? 1;
  const better = planWithMore(quota, plan, record.limit);
  const relief = retryAfter
    ? 'The count starts again at midnight'
    : quota === 'storage'
      ? 'Delete some files'
      : `Remove some ${quotaLabels[quota].unit}`;
  return {
    error: `${name} quota exceeded: ${record.used} of ${record.limit} ${unitFor(quota, record.limit)} used${retryAfter ? ' today' : ''}`,
    title: `${name} Quota Exceeded`,
    details: `Adding ${requested} more ${unitFor(quota, requested)} would pass the ${planName(plan)} plan's limit of ${record.limit}; ${record.available} remaining.`,
    help: `${relief}, ${better ? `or upgrade to the ${planName(better)} plan for a limit of ${plans[better].quotas[quota]}` : 'or ask your vendor for a higher limit'}.`,
    severity: 'error' as const,
    quotaType: quota,
    quota: record,
    plan,
    currentPlan: plan,
    ...(better ? { requiredPlan: better } : {}),
    action: 'Upgrade Plan',
    actionUrl: LICENSE_SETTINGS_URL,
    upgradeUrl: LICENSE_SETTINGS_URL,
    ...(retryAfter ? { retryAfter } : {}),
  };
}

export function quotaWarningFields(quota: QuotaType, record: QuotaRecord, plan: PlanKey) {
  const { name } = quotaLabels[quota];
  return {
    error: `${name} quota at ${Math.floor(record.percentage)}%: ${record.used} of ${record.limit} ${unitFor(quota, record.limit)} used`,
    title: `${name} Quota Warning`,
    help: record.isExceeded ? `No more can be added on the ${planName(plan)} plan.` : 'Upgrade your plan before you reach the limit.',
    severity: 'warning' as const,
    quotaType: quota,
    quota: record,
    plan,
    currentPlan: plan,
    action: 'Upgrade Plan',
    upgradeUrl: LICENSE_SETTINGS_URL,
  };
}

export function featureFields(feature: FeatureKey, plan: PlanKey) {
  const required = requiredPlanFor(feature);
  return {
    error: `${featureLabels[feature]} is not available on the ${planName(plan)} plan`,
    title: 'Feature Not Available',
    details: `${featureLabels[feature]} needs the ${planName(required)} plan or higher.`,
    help: `Upgrade to the ${planName(required)} plan to use ${featureLabels[feature]}.`,
    severity: 'error' as const,
    feature,
    plan,
    currentPlan: plan,
    requiredPlan: required,
    action: 'Upgrade Plan',
    actionUrl: LICENSE_SETTINGS_URL,
    upgradeUrl: LICENSE_SETTINGS_URL,
  };
}

const blockedTitles = { LICENSE_EXPIRED: 'Licence Expired', LICENSE_INVALID: 'Invalid Licence', LICENSE_SUSPENDED: 'Licence Suspended' };
export type BlockingCode = keyof typeof blockedTitles;

/** A licence that is not active refuses a change; `redirect` sends the console to the licence screen. */
export function blockedFields(code: BlockingCode, message: string, plan: PlanKey, redirect: boolean) {
  return {
    error: message,
    title: blockedTitles[code],
    help: redirect
      ? 'Changes are paused until the licence is fixed; reading data and signing in still work. An administrator can apply a valid key under Settings > Licence.'
      : 'The licence in force has not changed.',
    severity: 'error' as const,
    plan,
    currentPlan: plan,
    ...(redirect ? { action: OPEN_SETTINGS, actionUrl: LICENSE_SETTINGS_URL } : {}),
  };
}

export function setupRequiredFields(message: string, plan: PlanKey) {
  return {
    error: message,
    title: 'Licence Setup Required',
    help: 'Paste the HMAC secret your vendor gave you with the key, or set LICENSE_HMAC_SECRET on the server.',
    severity: 'error' as const,
    plan,
    currentPlan: plan,
  };
}
