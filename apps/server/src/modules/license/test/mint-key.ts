import type { LicenseKeyPayload } from '@wac/contract/license';
import type { PlanKey } from '@wac/contract/plans';
import { signLicenseKey } from '../license-key.ts';

export const TEST_SECRET = 'test-licence-secret';
const DAY_MS = 86_400_000;

/** A signed key as the vendor would issue it; `days` may be negative for an expired one. */
export function mintKey(
  options: { plan?: PlanKey; days?: number; secret?: string } & Partial<Omit<LicenseKeyPayload, 'plan'>> = {},
): string {
  const { plan = 'basic', days = 30, secret = TEST_SECRET, ...rest } = options;
  const now = Date.now();
  const expiresAt = new Date(now + days * DAY_MS).toISOString();
  const payload: LicenseKeyPayload = {
    licenseId: `lic-${plan}-${now}`,
    customer: 'Acme Test',
    plan,
    issuedAt: days < 0 ? new Date(now + (days - 1) * DAY_MS).toISOString() : new Date(now).toISOString(),
    expiresAt,
    ...rest,
  };
  return signLicenseKey(payload, secret);
}

/** Signs any JSON, valid or not, the way a key is signed: for payloads the schema must refuse. */
export function signRaw(payload: unknown, secret = TEST_SECRET): string {
  return signLicenseKey(payload as LicenseKeyPayload, secret);
}
