import { formatCompactNumber } from '@wac/contract/format';
import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import { featureLabels, isFeatureKey, isQuotaType, planName, quotaLabels } from '@wac/contract/plans';

/** Spec 9: the console follows a licence error's action URL after 2 seconds. */
export const LICENSE_REDIRECT_MS = 2000;

export interface LicenseToast {
  type: 'error' | 'warning' | 'info';
  title: string;
  help?: string;
  action?: { label: string; url: string };
}

export type LicenseReaction =
  | { kind: 'quota-modal'; payload: LicenseErrorPayload }
  | { kind: 'feature-modal'; payload: LicenseErrorPayload }
  | { kind: 'toast'; toast: LicenseToast; redirectTo?: string }
  /** The caller shows the refusal where it happened (a settings section for a feature the plan lacks). */
  | { kind: 'none' };

const REDIRECTING = new Set(['LICENSE_EXPIRED', 'LICENSE_INVALID', 'SETUP_REQUIRED']);

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The title, else the error text; the error text joins the help when a title took its place. */
function toastOf(payload: LicenseErrorPayload): LicenseToast {
  const title = payload.title ?? payload.error;
  const parts = [payload.title && payload.error !== payload.title ? payload.error : null, payload.help];
  const help = parts
    .filter((p): p is string => Boolean(p))
    .map(sentence)
    .join(' ');
  const url = payload.actionUrl ?? payload.upgradeUrl;
  return {
    type: payload.severity ?? 'error',
    title,
    ...(help ? { help } : {}),
    ...(url ? { action: { label: payload.action ?? 'Upgrade Plan', url } } : {}),
  };
}

/**
 * Spec 4 "Licence error handling": what the console does with a licence payload. Only admins are
 * sent to an action URL: the licence screen it points at is theirs.
 */
export function licenseReaction(payload: LicenseErrorPayload, context: { modalsSuppressed: boolean; isAdmin: boolean }): LicenseReaction {
  if (payload.code === 'QUOTA_EXCEEDED' && !context.modalsSuppressed) return { kind: 'quota-modal', payload };
  if (payload.code === 'FEATURE_NOT_AVAILABLE') return context.modalsSuppressed ? { kind: 'none' } : { kind: 'feature-modal', payload };
  const toast = toastOf(payload);
  if (REDIRECTING.has(payload.code) && payload.actionUrl && context.isAdmin) return { kind: 'toast', toast, redirectTo: payload.actionUrl };
  return { kind: 'toast', toast };
}

const unitOf = (quotaType: string | undefined, n: number) => {
  if (!isQuotaType(quotaType)) return quotaType ?? 'items';
  const label = quotaLabels[quotaType];
  return n === 1 ? label.unitOne : label.unit;
};

/** The quota modal's words (spec 8), with numbers shown with K and M. */
export function quotaModalText(payload: LicenseErrorPayload) {
  const type = payload.quotaType;
  const name = isQuotaType(type) ? quotaLabels[type].name : (type ?? 'Quota').replace(/_/g, ' ');
  const requested = payload.quota?.requested ?? 1;
  const available = payload.quota?.available ?? 0;
  return {
    title: `${name} Quota Exceeded`,
    message: `You've reached your ${name.toLowerCase()} limit`,
    attempt: `Attempted to add ${formatCompactNumber(requested)} more ${unitOf(type, requested)}, but only ${formatCompactNumber(available)} remaining.`,
    usage: payload.quota ? `${formatCompactNumber(payload.quota.used)} of ${formatCompactNumber(payload.quota.limit)} used` : null,
  };
}

export function featureModalText(payload: LicenseErrorPayload) {
  const feature = isFeatureKey(payload.feature) ? featureLabels[payload.feature] : payload.feature;
  return {
    title: 'Feature Not Available',
    message: 'Upgrade your plan to access this feature',
    feature: feature ?? null,
    plans:
      payload.currentPlan && payload.requiredPlan
        ? `Your plan: ${planName(payload.currentPlan)}. Needed: ${planName(payload.requiredPlan)} or higher.`
        : null,
  };
}

/** The upgrade button: the action's label, else 'Upgrade Plan'; its URL opens in a new tab. */
export function upgradeAction(payload: LicenseErrorPayload): { label: string; url: string } | null {
  const url = payload.upgradeUrl ?? payload.actionUrl;
  return url ? { label: payload.action ?? 'Upgrade Plan', url } : null;
}
