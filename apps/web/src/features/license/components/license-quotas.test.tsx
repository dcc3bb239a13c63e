import { cleanup, render, screen } from '@testing-library/react';
import type { LicenseStatusResponse } from '@wac/contract/license';
import { quotaRecord } from '@wac/contract/license-quotas';
import { afterEach, describe, expect, it } from 'vitest';
import { LicenseQuotas } from './license-quotas';

afterEach(cleanup);

const quota = (used: number, limit: number, unit: string, resetsAt: string | null = null) => ({
  ...quotaRecord(used, limit),
  unit,
  resetsAt,
});

const quotas: LicenseStatusResponse['quotas'] = {
  users: quota(5, 5, 'users'),
  campaigns: quota(8, 10, 'campaigns'),
  api_calls: quota(0, 1_000, 'API calls', '2026-03-02T00:00:00.000Z'),
  messages: quota(12_345, 1_000_000, 'messages', '2026-03-02T00:00:00.000Z'),
  storage: quota(7_000, 5_120, 'MB'),
};

describe('LicenceQuotas', () => {
  it('shows each quota as a bar capped at 100%, with warning and exceeded states and K/M numbers', () => {
    render(<LicenseQuotas quotas={quotas} />);
    const bar = (name: string) => screen.getByRole('progressbar', { name: `${name} quota` });
    expect(bar('Users').className).toContain('quota-bar-exceeded');
    expect(bar('Campaigns').className).toContain('quota-bar-warning');
    expect(bar('Messages').className).toContain('quota-bar-ok');
    expect(bar('Storage').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('12.3K of 1M messages')).toBeTruthy();
    expect(screen.getByText('5 of 5 users')).toBeTruthy();
    expect(screen.getByText('100% · Limit reached')).toBeTruthy();
    expect(screen.getByText('80% · Nearly used up')).toBeTruthy();
    expect(screen.getByText('136% · Limit reached')).toBeTruthy();
    expect(screen.getAllByText(/^Resets /)).toHaveLength(2);
  });
});
