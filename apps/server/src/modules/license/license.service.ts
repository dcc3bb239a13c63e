import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import {
  BYTES_PER_MB,
  blockingLevel,
  bytesToMb,
  fitsQuota,
  type LicenseStatus,
  type QuotaRecord,
  quotaRecord,
} from '@wac/contract/license-quotas';
import { dailyQuotaTypes, type FeatureKey, type QuotaType, quotaTypes } from '@wac/contract/plans';
import type { Config } from '../../config/config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createLicenseRepository } from './license.repository.ts';
import {
  type BlockingCode,
  blockedFields,
  featureFields,
  licenseError,
  quotaExceededFields,
  quotaWarningFields,
} from './license-errors.ts';
import { daysRemaining, type InForce, resolveLicense, statusAt } from './license-state.ts';
import { createStorageUsage } from './storage-usage.ts';

/** How a module counts what it holds of a quota (users, campaigns), inside the caller's transaction. */
export type UsageMeasure = (tx: DbOrTx) => Promise<number>;

export interface LicenseServiceDeps {
  db: Db;
  config: Pick<Config, 'license' | 'dataDir'>;
  /** app.timezone: daily quotas start again at midnight there. */
  appTimezone: (tx?: DbOrTx) => Promise<string>;
}

/** Every server process re-reads the shared licence row this often, so a change made on one reaches all. */
const REFRESH_MS = 5_000;

const blockingCodes: Record<Exclude<LicenseStatus, 'active'>, BlockingCode> = {
  expired: 'LICENSE_EXPIRED',
  invalid: 'LICENSE_INVALID',
  suspended: 'LICENSE_SUSPENDED',
};

/**
 * The licence in force and everything that enforces it: feature gates, quota checks and the licence
 * error payloads.
 */
export function createLicenseService({ db, config, appTimezone }: LicenseServiceDeps) {
  const repository = createLicenseRepository(db);
  const secrets = createSecretBox(config.dataDir);
  const storage = createStorageUsage(config.dataDir);
  const measures = new Map<QuotaType, UsageMeasure>();
  let cached: { license: InForce; version: string; readAt: number } | null = null;

  /** `tx` when called inside a transaction, whose connection then reads the licence row. */
  async function current(tx?: DbOrTx): Promise<InForce> {
    if (cached && Date.now() - cached.readAt < REFRESH_MS) return cached.license;
    const row = await repository.readState(tx);
    const version = row ? `${row.source}:${row.appliedAt.toISOString()}` : 'env';
    if (cached?.version === version) cached.readAt = Date.now();
    else cached = { license: resolveLicense(row, config, secrets), version, readAt: Date.now() };
    return cached.license;
  }

  async function usage(quota: QuotaType, tx: DbOrTx = db): Promise<number> {
    if (dailyQuotaTypes.includes(quota)) return repository.usedToday(quota, await appTimezone(tx), tx);
    if (quota === 'storage') return bytesToMb((await storage.get()).scan.countedBytes);
    return (await measures.get(quota)?.(tx)) ?? 0;
  }

  async function quotaRecords(license: InForce, tx?: DbOrTx): Promise<Record<QuotaType, QuotaRecord>> {
    // On the pool side by side; one after another on a transaction's single connection.
    const used: number[] = [];
    if (tx) for (const q of quotaTypes) used.push(await usage(q, tx));
    else used.push(...(await Promise.all(quotaTypes.map((q) => usage(q)))));
    return Object.fromEntries(quotaTypes.map((q, i) => [q, quotaRecord(used[i] ?? 0, license.quotas[q])])) as Record<
      QuotaType,
      QuotaRecord
    >;
  }

  async function overview(license: InForce, now = new Date(), tx?: DbOrTx) {
    const { status, message } = statusAt(license, now);
    const quotas = await quotaRecords(license, tx);
    const days = daysRemaining(license, now);
    return { status, message, quotas, daysRemaining: days, blockingLevel: blockingLevel(status, Object.values(quotas), days) };
  }

  /** `_quotas` and `_license` of spec 3, carried by every licence error; `tx` inside a transaction. */
  async function snapshot(license: InForce, tx?: DbOrTx): Promise<Pick<LicenseErrorPayload, '_quotas' | '_license'>> {
    const { quotas, blockingLevel: level } = await overview(license, new Date(), tx);
    return {
      _quotas: Object.fromEntries(
        Object.entries(quotas).map(([q, r]) => [q, { used: r.used, limit: r.limit, isExceeded: r.isExceeded, isWarning: r.isWarning }]),
      ),
      _license: { plan: license.plan, blockingLevel: level, features: license.features },
    };
  }

  /** Throws LICENSE_EXPIRED, LICENSE_INVALID or LICENSE_SUSPENDED unless the licence in force is active. */
  async function assertActive(tx?: DbOrTx): Promise<InForce> {
    const license = await current(tx);
    const { status, message } = statusAt(license, new Date());
    if (status === 'active') return license;
    const code = blockingCodes[status];
    throw licenseError(code, blockedFields(code, message ?? status, license.plan, true), await snapshot(license, tx));
  }

  /** Midnight in the app's timezone, when the daily quotas start again. */
  async function nextDailyReset(tx?: DbOrTx): Promise<Date> {
    return repository.nextMidnight(await appTimezone(tx), tx);
  }

  /** `tx` inside a transaction, whose connection then does every read. */
  async function exceeded(license: InForce, quota: QuotaType, used: number, requested: number, tx?: DbOrTx) {
    const retryAfter = dailyQuotaTypes.includes(quota)
      ? Math.max(1, Math.ceil(((await nextDailyReset(tx)).getTime() - Date.now()) / 1000))
      : undefined;
    const record = quotaRecord(used, license.quotas[quota], requested);
    return licenseError('QUOTA_EXCEEDED', quotaExceededFields(quota, record, license.plan, retryAfter), await snapshot(license, tx));
  }

  /**
   * Inside the caller's transaction, whose connection does every read: a read on the pool would wait for a second
   * connection, and sends holding all of the pool's would wait for each other for ever.
   */
  async function consumeDaily(tx: DbOrTx, quota: 'messages' | 'api_calls', amount: number): Promise<QuotaRecord> {
    const license = await assertActive(tx);
    const timezone = await appTimezone(tx);
    const limit = license.quotas[quota];
    const used = await repository.consumeToday(quota, timezone, amount, limit, tx);
    if (used === null) throw await exceeded(license, quota, await repository.usedToday(quota, timezone, tx), amount, tx);
    return quotaRecord(used, limit);
  }

  return {
    current,
    usage,
    nextDailyReset,
    overview,
    snapshot,
    assertActive,
    /** The scan of DATA_DIR the storage quota counts, cached: the admin side refreshes and clears it. */
    storageUsage: storage,

    /** Forget the cached licence: the next call reads the shared row again. */
    invalidate(): void {
      cached = null;
    },

    registerUsage(quota: Exclude<QuotaType, 'storage' | 'messages' | 'api_calls'>, measure: UsageMeasure): void {
      measures.set(quota, measure);
    },

    /** Whether the plan (with the key's overrides) has the feature: for answers that show more with it. */
    async hasFeature(feature: FeatureKey): Promise<boolean> {
      return (await current()).features[feature];
    },

    /** FEATURE_NOT_AVAILABLE unless the plan (with the key's overrides) has the feature. */
    async requireFeature(feature: FeatureKey): Promise<void> {
      const license = await current();
      if (license.features[feature]) return;
      throw licenseError('FEATURE_NOT_AVAILABLE', featureFields(feature, license.plan), await snapshot(license));
    },

    /**
     * Inside the transaction that adds `requested` users or campaigns: QUOTA_EXCEEDED (and so a
     * rollback) if they would pass the limit. Holds a lock on the quota until the transaction ends.
     */
    async checkQuota(tx: DbOrTx, quota: 'users' | 'campaigns', requested = 1): Promise<QuotaRecord> {
      const license = await assertActive(tx);
      await repository.lockQuota(quota, tx);
      const used = await usage(quota, tx);
      if (!fitsQuota(used, license.quotas[quota], requested)) throw await exceeded(license, quota, used, requested, tx);
      return quotaRecord(used + requested, license.quotas[quota]);
    },

    /** Counts `count` outbound messages against today's quota inside the sending transaction, or throws QUOTA_EXCEEDED. */
    consumeMessages(tx: DbOrTx, count: number): Promise<QuotaRecord> {
      return consumeDaily(tx, 'messages', count);
    },

    /**
     * Before work that will consume `requested` of a daily quota later (a campaign about to send): QUOTA_EXCEEDED with
     * `requested` when today's remainder does not cover it. Consumes nothing.
     */
    async assertDailyAvailable(quota: 'messages' | 'api_calls', requested: number): Promise<QuotaRecord> {
      const license = await assertActive();
      const used = await repository.usedToday(quota, await appTimezone());
      if (!fitsQuota(used, license.quotas[quota], requested)) throw await exceeded(license, quota, used, requested);
      return quotaRecord(used + requested, license.quotas[quota]);
    },

    /** Counts `count` key-authenticated API calls against today's quota, or throws QUOTA_EXCEEDED. */
    consumeApiCalls(tx: DbOrTx, count: number): Promise<QuotaRecord> {
      return consumeDaily(tx, 'api_calls', count);
    },

    /**
     * Before accepting a file of `bytes`: QUOTA_EXCEEDED if it would pass the storage quota. Uses the
     * cached walk of DATA_DIR, so uploads running at the same moment are measured together only after it refreshes.
     */
    async assertStorageAvailable(bytes: number): Promise<QuotaRecord> {
      const license = await assertActive();
      const { scan } = await storage.get();
      const limit = license.quotas.storage;
      if (scan.countedBytes + bytes > limit * BYTES_PER_MB) {
        throw await exceeded(license, 'storage', bytesToMb(scan.countedBytes), bytesToMb(bytes));
      }
      return quotaRecord(bytesToMb(scan.countedBytes + bytes), limit);
    },

    /** The QUOTA_WARNING payload once a quota is at 80% or more, for the response header; null below. */
    async quotaWarning(quota: QuotaType): Promise<LicenseErrorPayload | null> {
      const license = await current();
      const record = quotaRecord(await usage(quota), license.quotas[quota]);
      if (!record.isWarning && !record.isExceeded) return null;
      return { ...quotaWarningFields(quota, record, license.plan), code: 'QUOTA_WARNING', timestamp: new Date().toISOString() };
    },
  };
}

export type LicenseService = ReturnType<typeof createLicenseService>;
