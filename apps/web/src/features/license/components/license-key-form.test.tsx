import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { LicenseDetails } from '@wac/contract/license';
import { plans } from '@wac/contract/plans';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toasts';
import { LicenseKeyForm } from './license-key-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function devLicence(hasSecret: boolean): LicenseDetails {
  return {
    plan: 'dev',
    planName: 'Development',
    status: 'active',
    message: null,
    source: 'none',
    licenseId: null,
    customer: null,
    issuedAt: null,
    expiresAt: null,
    daysRemaining: null,
    suspended: false,
    keyPreview: null,
    secretSource: null,
    appliedAt: null,
    appliedBy: null,
    features: plans.dev.features,
    quotaLimits: plans.dev.quotas,
    environment: { hasKey: false, hasSecret },
  };
}

function renderForm(hasSecret: boolean) {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <LicenseKeyForm details={devLicence(hasSecret)} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply licence key' }));

describe('LicenseKeyForm', () => {
  it('says the key and, without LICENSE_HMAC_SECRET, the secret are required, and names each one missing', () => {
    const fetch = renderForm(false);
    const key = screen.getByRole('textbox', { name: 'Licence key (required)' });
    const secret = screen.getByLabelText('HMAC secret (required)');
    expect(key.hasAttribute('required')).toBe(true);
    expect(secret.hasAttribute('required')).toBe(true);

    apply();
    expect(screen.getByText('Licence key is required')).toBeTruthy();
    expect(screen.getByText('HMAC secret is required: LICENSE_HMAC_SECRET is not set')).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(key, { target: { value: 'abc.def' } });
    expect(screen.queryByText('Licence key is required')).toBeNull();
  });

  it('marks the secret optional when the environment gives one', () => {
    renderForm(true);
    const secret = screen.getByLabelText('HMAC secret (optional)');
    expect(secret.hasAttribute('required')).toBe(false);
    apply();
    expect(screen.getByText('Licence key is required')).toBeTruthy();
    expect(screen.queryByText(/HMAC secret is required/)).toBeNull();
  });
});
