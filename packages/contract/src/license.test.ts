import { describe, expect, it } from 'vitest';
import { licenseKeyPayloadSchema, updateLicenseBodySchema } from './license.ts';

const valid = {
  licenseId: 'lic-1',
  customer: 'Acme',
  plan: 'basic',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
};

function issues(payload: unknown): string[] {
  const parsed = licenseKeyPayloadSchema.safeParse(payload);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('licenceKeyPayloadSchema', () => {
  it('accepts a payload with optional feature and quota overrides', () => {
    expect(issues(valid)).toEqual([]);
    expect(issues({ ...valid, features: { botFlows: true }, quotas: { users: 2, storage: 0 }, suspended: false })).toEqual([]);
  });

  it.each([
    [{ ...valid, quotas: { users: -1 } }, 'quotas.users: quota users must not be negative'],
    [{ ...valid, quotas: { users: null } }, 'quotas.users: quota users must be a number'],
    [{ ...valid, quotas: { users: '5' } }, 'quotas.users: quota users must be a number'],
    [{ ...valid, quotas: { users: 1.5 } }, 'quotas.users: quota users must be a whole number'],
    [{ ...valid, quotas: { seats: 5 } }, 'quotas: '],
    [{ ...valid, features: { teleport: true } }, 'features: '],
    [{ ...valid, features: { botFlows: 'yes' } }, 'features.botFlows: feature botFlows must be true or false'],
    [{ ...valid, plan: 'gold' }, 'plan: plan must be one of dev, basic, professional, enterprise'],
    [{ ...valid, expiresAt: 'tomorrow' }, 'expiresAt: must be an ISO 8601 date-time'],
    [{ ...valid, expiresAt: '2025-01-01T00:00:00Z' }, 'expiresAt: expiresAt is before issuedAt'],
    [{ ...valid, licenseId: '' }, 'licenseId: licenseId is required'],
    [{ plan: 'basic' }, 'licenseId: '],
  ])('refuses %j naming the field', (payload, expected) => {
    expect(issues(payload).join('\n')).toContain(expected);
  });
});

describe('updateLicenceBodySchema', () => {
  it('requires a key and treats an empty secret as none', () => {
    expect(updateLicenseBodySchema.parse({ licenseKey: ' abc ', hmacSecret: '' })).toEqual({ licenseKey: 'abc', hmacSecret: undefined });
    expect(updateLicenseBodySchema.safeParse({ licenseKey: '  ' }).error?.issues[0]?.message).toBe('Licence key is required');
  });
});
