import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeatureModal, QuotaModal } from './license-modals';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const quota: LicenseErrorPayload = {
  error: 'Users quota exceeded: 2 of 2 users used',
  code: 'QUOTA_EXCEEDED',
  quotaType: 'users',
  quota: { used: 2, limit: 2, available: 0, requested: 1, percentage: 100, progressPercentage: 100, isExceeded: true, isWarning: false },
  upgradeUrl: '/settings#licence',
};

describe('QuotaModal', () => {
  it('says which quota, what was attempted and what is left, with a full red bar', () => {
    render(<QuotaModal payload={quota} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Users Quota Exceeded' })).toBeTruthy();
    expect(screen.getByText("You've reached your users limit")).toBeTruthy();
    expect(screen.getByText('Attempted to add 1 more user, but only 0 remaining.')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.className).toContain('quota-bar-exceeded');
  });

  it("closes with 'Continue with Current Plan' and opens the upgrade URL in a new tab", () => {
    const onClose = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<QuotaModal payload={quota} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Current Plan' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(open).toHaveBeenCalledWith('/settings#licence', '_blank', 'noopener,noreferrer');
  });
});

describe('FeatureModal', () => {
  it('explains the feature is not in the plan and labels the button with the action', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <FeatureModal
        payload={{
          error: 'Bot flows is not available on the Basic plan',
          code: 'FEATURE_NOT_AVAILABLE',
          feature: 'botFlows',
          currentPlan: 'basic',
          requiredPlan: 'professional',
          action: 'See plans',
          upgradeUrl: 'https://vendor.example/plans',
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Feature Not Available' })).toBeTruthy();
    expect(screen.getByText('Upgrade your plan to access this feature')).toBeTruthy();
    expect(screen.getByText('Bot flows')).toBeTruthy();
    expect(screen.getByText('Your plan: Basic. Needed: Professional or higher.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See plans' }));
    expect(open).toHaveBeenCalledWith('https://vendor.example/plans', '_blank', 'noopener,noreferrer');
  });
});
