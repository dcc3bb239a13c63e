import type { LicenseKeyPayload, LicenseSource } from '@wac/contract/license';
import type { LicenseStatus } from '@wac/contract/license-quotas';
import { type FeatureSet, type PlanKey, plans, type QuotaLimits } from '@wac/contract/plans';
import type { Config } from '../../config/config.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { LicenseStateRow } from './license.repository.ts';
import { verifyLicenseKey } from './license-key.ts';

/** The licence this install runs on, as verified when it was applied or read. */
export interface InForce {
  source: LicenseSource;
  plan: PlanKey;
  features: FeatureSet;
  quotas: QuotaLimits;
  payload: LicenseKeyPayload | null;
  key: string | null;
  secretSource: 'console' | 'env' | null;
  /** Why the key in force does not verify; such a licence is 'invalid' and blocks writes. */
  invalidReason: string | null;
  appliedAt: Date | null;
  appliedBy: string | null;
}

const DAY_MS = 86_400_000;

export function devLicense(source: LicenseSource, extra: Partial<InForce> = {}): InForce {
  return {
    source,
    plan: 'dev',
    features: { ...plans.dev.features },
    quotas: { ...plans.dev.quotas },
    payload: null,
    key: null,
    secretSource: null,
    invalidReason: null,
    appliedAt: null,
    appliedBy: null,
    ...extra,
  };
}

/** The plan's features and quotas with the key's overrides on top. */
export function fromPayload(payload: LicenseKeyPayload, source: LicenseSource, key: string, secretSource: 'console' | 'env'): InForce {
  const plan = plans[payload.plan];
  return {
    source,
    plan: payload.plan,
    features: { ...plan.features, ...payload.features },
    quotas: { ...plan.quotas, ...payload.quotas },
    payload,
    key,
    secretSource,
    invalidReason: null,
    appliedAt: null,
    appliedBy: null,
  };
}

/** A key with the secret that goes with it: its verified licence, or an 'invalid' one saying why. */
export function licenseFromKey(key: string, secret: string | undefined, source: LicenseSource, secretSource: 'console' | 'env'): InForce {
  const verified = verifyLicenseKey(key, secret);
  if (verified.ok) return fromPayload(verified.payload, source, key, secretSource);
  return devLicense(source, { key, secretSource, invalidReason: verified.reason });
}

/**
 * What is in force: the row an admin's last change left, else the environment. A key applied in the
 * console is checked with the secret given with it (decrypted here), else with LICENSE_HMAC_SECRET.
 */
export function resolveLicense(row: LicenseStateRow | undefined, config: Pick<Config, 'license'>, secrets: SecretBox): InForce {
  const stamp = { appliedAt: row?.appliedAt ?? null, appliedBy: row?.appliedByName ?? null };
  if (row?.source === 'none') return devLicense('none', stamp);
  if (row?.source === 'console' && row.licenseKey) {
    if (row.secretCiphertext) {
      const secret = secrets.open(row.secretCiphertext);
      if (secret === null) {
        return devLicense('console', {
          ...stamp,
          key: row.licenseKey,
          secretSource: 'console',
          invalidReason:
            'The secret stored with the licence key cannot be read on this server (DATA_DIR/.license-secret-key differs): apply the key again',
        });
      }
      return { ...licenseFromKey(row.licenseKey, secret, 'console', 'console'), ...stamp };
    }
    return { ...licenseFromKey(row.licenseKey, config.license.hmacSecret, 'console', 'env'), ...stamp };
  }
  if (!config.license.key) return devLicense('none', stamp);
  return { ...licenseFromKey(config.license.key, config.license.hmacSecret, 'env', 'env'), ...stamp };
}

export function statusAt(license: InForce, now: Date): { status: LicenseStatus; message: string | null } {
  if (license.invalidReason) return { status: 'invalid', message: license.invalidReason };
  const payload = license.payload;
  if (!payload) return { status: 'active', message: null };
  if (payload.suspended) return { status: 'suspended', message: `The licence ${payload.licenseId} has been suspended by the vendor` };
  if (Date.parse(payload.expiresAt) <= now.getTime()) {
    return { status: 'expired', message: `The licence expired on ${payload.expiresAt.slice(0, 10)}` };
  }
  return { status: 'active', message: null };
}

/** Whole days left before expiry (0 on the last day), or null for the dev plan. */
export function daysRemaining(license: InForce, now: Date): number | null {
  if (!license.payload) return null;
  return Math.max(0, Math.floor((Date.parse(license.payload.expiresAt) - now.getTime()) / DAY_MS));
}
