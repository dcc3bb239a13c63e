import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import { describe, expect, it } from 'vitest';
import { featureModalText, licenseReaction, quotaModalText, upgradeAction } from './license-reaction';

const admin = { modalsSuppressed: false, isAdmin: true };
const quota: LicenseErrorPayload = {
  error: 'Users quota exceeded: 2 of 2 users used',
  code: 'QUOTA_EXCEEDED',
  title: 'Users Quota Exceeded',
  help: 'Remove some users, or upgrade.',
  severity: 'error',
  quotaType: 'users',
  quota: { used: 2, limit: 2, available: 0, requested: 1, percentage: 100, progressPercentage: 100, isExceeded: true, isWarning: false },
  action: 'Upgrade Plan',
  actionUrl: '/settings#licence',
  upgradeUrl: '/settings#licence',
};

describe('licenceReaction (spec 4)', () => {
  it('shows the quota modal for an exceeded quota, or a toast when modals are suppressed', () => {
    expect(licenseReaction(quota, admin)).toEqual({ kind: 'quota-modal', payload: quota });
    expect(licenseReaction(quota, { ...admin, modalsSuppressed: true })).toEqual({
      kind: 'toast',
      toast: {
        type: 'error',
        title: 'Users Quota Exceeded',
        help: 'Users quota exceeded: 2 of 2 users used. Remove some users, or upgrade.',
        action: { label: 'Upgrade Plan', url: '/settings#licence' },
      },
    });
  });

  it('shows the upgrade modal for a feature the plan lacks, unless the caller says so itself', () => {
    const payload = { error: 'Bot flows is not available', code: 'FEATURE_NOT_AVAILABLE', feature: 'botFlows' };
    expect(licenseReaction(payload, admin)).toEqual({ kind: 'feature-modal', payload });
    expect(licenseReaction(payload, { ...admin, modalsSuppressed: true })).toEqual({ kind: 'none' });
  });

  it.each(['LICENSE_EXPIRED', 'LICENSE_INVALID', 'SETUP_REQUIRED'])('%s: a toast, then the action URL for an admin', (code) => {
    const payload = {
      error: 'The licence expired on 2026-01-01',
      code,
      title: 'Licence Expired',
      actionUrl: '/settings#licence',
      action: 'Open licence settings',
    };
    expect(licenseReaction(payload, admin)).toMatchObject({
      kind: 'toast',
      redirectTo: '/settings#licence',
      toast: { title: 'Licence Expired' },
    });
    expect(licenseReaction(payload, { ...admin, isAdmin: false })).not.toHaveProperty('redirectTo');
    expect(licenseReaction({ ...payload, actionUrl: undefined }, admin)).not.toHaveProperty('redirectTo');
  });

  it.each(['LICENSE_SUSPENDED', 'INSUFFICIENT_PERMISSIONS', 'RATE_LIMIT_EXCEEDED', 'MAINTENANCE_MODE', 'SOMETHING_ELSE'])(
    '%s: a toast only',
    (code) => {
      const reaction = licenseReaction({ error: 'Nope', code, actionUrl: '/settings#licence' }, admin);
      expect(reaction).toEqual({
        kind: 'toast',
        toast: { type: 'error', title: 'Nope', action: { label: 'Upgrade Plan', url: '/settings#licence' } },
      });
    },
  );

  it('gives a quota warning a warning toast, which closes by itself', () => {
    const reaction = licenseReaction(
      { error: 'Users quota at 80%', code: 'QUOTA_WARNING', severity: 'warning', title: 'Users Quota Warning' },
      admin,
    );
    expect(reaction).toEqual({ kind: 'toast', toast: { type: 'warning', title: 'Users Quota Warning', help: 'Users quota at 80%.' } });
  });
});

describe('quotaModalText (spec 8)', () => {
  it('words the modal exactly as the spec does', () => {
    expect(quotaModalText(quota)).toEqual({
      title: 'Users Quota Exceeded',
      message: "You've reached your users limit",
      attempt: 'Attempted to add 1 more user, but only 0 remaining.',
      usage: '2 of 2 used',
    });
  });

  it('shows large numbers with K and M and names every quota', () => {
    const messages = quotaModalText({
      ...quota,
      quotaType: 'messages',
      quota: {
        ...(quota.quota as NonNullable<LicenseErrorPayload['quota']>),
        used: 999_500,
        limit: 1_000_000,
        available: 500,
        requested: 2_500,
      },
    });
    expect(messages).toMatchObject({
      title: 'Messages Quota Exceeded',
      attempt: 'Attempted to add 2.5K more messages, but only 500 remaining.',
      usage: '999.5K of 1M used',
    });
    expect(quotaModalText({ ...quota, quotaType: 'api_calls' }).message).toBe("You've reached your api calls limit");
    expect(quotaModalText({ ...quota, quotaType: 'storage' }).attempt).toBe('Attempted to add 1 more MB, but only 0 remaining.');
  });
});

describe('featureModalText and upgradeAction', () => {
  it('names the feature and the plans', () => {
    expect(
      featureModalText({
        error: 'x',
        code: 'FEATURE_NOT_AVAILABLE',
        feature: 'botFlows',
        currentPlan: 'basic',
        requiredPlan: 'professional',
      }),
    ).toEqual({
      title: 'Feature Not Available',
      message: 'Upgrade your plan to access this feature',
      feature: 'Bot flows',
      plans: 'Your plan: Basic. Needed: Professional or higher.',
    });
  });

  it("uses the action's label or 'Upgrade Plan', and the upgrade URL first", () => {
    expect(upgradeAction({ error: 'x', code: 'X', upgradeUrl: 'https://vendor.example/upgrade', actionUrl: '/settings' })).toEqual({
      label: 'Upgrade Plan',
      url: 'https://vendor.example/upgrade',
    });
    expect(upgradeAction({ error: 'x', code: 'X', action: 'Talk to sales', actionUrl: '/sales' })).toEqual({
      label: 'Talk to sales',
      url: '/sales',
    });
    expect(upgradeAction({ error: 'x', code: 'X' })).toBeNull();
  });
});
