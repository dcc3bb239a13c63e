import { describe, expect, it } from 'vitest';
import { blockingLevelLabel, formatQuotaUsage, licenseSourceText } from './license-format';

describe('formatQuotaUsage', () => {
  it('shows counts with K and M', () => {
    expect(formatQuotaUsage('messages', { used: 12_345, limit: 1_000_000 }, 'messages')).toBe('12.3K of 1M messages');
    expect(formatQuotaUsage('users', { used: 3, limit: 5 }, 'users')).toBe('3 of 5 users');
  });
  it('shows storage in byte units', () => {
    expect(formatQuotaUsage('storage', { used: 0.5, limit: 5120 }, 'MB')).toBe('512 KB of 5 GB');
  });
});

describe('labels', () => {
  it('names every blocking level, clamping out-of-range ones', () => {
    expect([0, 1, 2, 3, 4, -1].map(blockingLevelLabel)).toEqual([
      'No restrictions',
      'Approaching a limit',
      'A quota is used up',
      'Changes are blocked',
      'Changes are blocked',
      'No restrictions',
    ]);
  });
  it('says where the licence came from', () => {
    expect(licenseSourceText({ source: 'none', appliedBy: null })).toBe('No licence key: the Development plan');
    expect(licenseSourceText({ source: 'env', appliedBy: 'admin' })).toBe('From the server environment (LICENSE_KEY)');
    expect(licenseSourceText({ source: 'console', appliedBy: 'admin' })).toBe('Applied in the console by admin');
  });
});
