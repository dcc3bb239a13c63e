import type { User } from '@wac/contract/auth';
import type { LicenseDetails, LicenseStatusResponse, StorageUsage, UpdateLicenseBody } from '@wac/contract/license';
import { bytesToMb, quotaRecord } from '@wac/contract/license-quotas';
import { dailyQuotaTypes, planName, plans, type QuotaType, quotaLabels, quotaTypes } from '@wac/contract/plans';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { RequestMeta } from '../../http/auth-guard.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { afterCommit, inTransaction } from '../../realtime/after-commit.ts';
import type { ActivityService } from '../activities/index.ts';
import { createLicenseRepository, type LicenseRepository } from './license.repository.ts';
import type { LicenseService } from './license.service.ts';
import { type BlockingCode, blockedFields, licenseError, setupRequiredFields } from './license-errors.ts';
import { daysRemaining, type InForce, licenseFromKey, statusAt } from './license-state.ts';

function keyPreview(key: string | null): string | null {
  if (!key) return null;
  return key.length <= 16 ? `${key.slice(0, 4)}…` : `${key.slice(0, 8)}…${key.slice(-6)}`;
}

const refusalCodes = { invalid: 'LICENSE_INVALID', expired: 'LICENSE_EXPIRED', suspended: 'LICENSE_SUSPENDED' } as const;

/** The admin side of the licence (spec 7 "Licence and cleanup"); every change writes an activity. */
export interface LicenseAdminServiceDeps {
  db: Db;
  config: Pick<Config, 'license' | 'dataDir'>;
  activities: ActivityService;
  license: LicenseService;
}

export function createLicenseAdminService({ db, config, activities, license }: LicenseAdminServiceDeps) {
  const repository = createLicenseRepository(db);
  // The key lives in DATA_DIR, so this box opens what the licence service (and any other server process) sealed.
  const secrets = createSecretBox(config.dataDir);
  const storage = license.storageUsage;

  function toDetails(l: InForce, now = new Date()): LicenseDetails {
    const { status, message } = statusAt(l, now);
    return {
      plan: l.plan,
      planName: planName(l.plan),
      status,
      message,
      source: l.source,
      licenseId: l.payload?.licenseId ?? null,
      customer: l.payload?.customer ?? null,
      issuedAt: l.payload?.issuedAt ?? null,
      expiresAt: l.payload?.expiresAt ?? null,
      daysRemaining: daysRemaining(l, now),
      suspended: l.payload?.suspended ?? false,
      keyPreview: keyPreview(l.key),
      secretSource: l.secretSource,
      appliedAt: l.appliedAt?.toISOString() ?? null,
      appliedBy: l.appliedBy,
      features: l.features,
      quotaLimits: l.quotas,
      environment: { hasKey: Boolean(config.license.key), hasSecret: Boolean(config.license.hmacSecret) },
    };
  }

  /** A key that does not verify, or would not work, is refused and the licence in force stays. */
  async function refuseUnlessActive(candidate: InForce): Promise<void> {
    const { status, message } = statusAt(candidate, new Date());
    if (status === 'active') return;
    const code: BlockingCode = refusalCodes[status];
    const inForce = await license.current();
    throw licenseError(code, blockedFields(code, message ?? status, inForce.plan, false), await license.snapshot(inForce), 400);
  }

  async function apply(
    actor: User,
    meta: RequestMeta,
    state: Parameters<LicenseRepository['writeState']>[0],
    activity: { type: string; details: string; status?: string },
  ): Promise<LicenseDetails> {
    await inTransaction(db, async (tx) => {
      await repository.writeState(state, tx);
      afterCommit(tx, () => license.invalidate());
      await activities.record(
        {
          type: activity.type,
          sourceType: 'user',
          userId: actor.id,
          ip: meta.ip,
          data: {
            username: actor.username,
            action: activity.type.replace('license_', ''),
            details: activity.details,
            status: activity.status,
          },
        },
        tx,
      );
    });
    return toDetails(await license.current());
  }

  const describe = (l: InForce) =>
    l.payload ? `${planName(l.plan)} plan, licence ${l.payload.licenseId} for ${l.payload.customer}` : `${planName(l.plan)} plan`;

  return {
    async details(): Promise<LicenseDetails> {
      return toDetails(await license.current());
    },

    async status(): Promise<LicenseStatusResponse> {
      const now = new Date();
      const l = await license.current();
      const overview = await license.overview(l, now);
      const midnight = (await license.nextDailyReset()).toISOString();
      const quotas = Object.fromEntries(
        quotaTypes.map((q: QuotaType) => [
          q,
          { ...overview.quotas[q], unit: quotaLabels[q].unit, resetsAt: dailyQuotaTypes.includes(q) ? midnight : null },
        ]),
      ) as LicenseStatusResponse['quotas'];
      return {
        plan: l.plan,
        planName: planName(l.plan),
        status: overview.status,
        blockingLevel: overview.blockingLevel,
        expiresAt: l.payload?.expiresAt ?? null,
        daysRemaining: overview.daysRemaining,
        message: overview.message,
        features: l.features,
        quotas,
        checkedAt: now.toISOString(),
      };
    },

    async storage(refresh: boolean): Promise<StorageUsage> {
      const [{ scan, fromCache }, l] = await Promise.all([storage.get(refresh), license.current()]);
      const limitMb = l.quotas.storage;
      const usedMb = bytesToMb(scan.countedBytes);
      return {
        totalBytes: scan.totalBytes,
        countedBytes: scan.countedBytes,
        usedMb,
        limitMb,
        quota: quotaRecord(usedMb, limitMb),
        directories: scan.directories,
        computedAt: scan.computedAt.toISOString(),
        fromCache,
      };
    },

    async update(actor: User, body: UpdateLicenseBody, meta: RequestMeta): Promise<LicenseDetails> {
      const secret = body.hmacSecret ?? config.license.hmacSecret;
      if (!secret) {
        const inForce = await license.current();
        throw licenseError(
          'SETUP_REQUIRED',
          setupRequiredFields(
            'No HMAC secret to verify the key with: give the secret with the key or set LICENSE_HMAC_SECRET',
            inForce.plan,
          ),
          await license.snapshot(inForce),
          400,
        );
      }
      const candidate = licenseFromKey(body.licenseKey, secret, 'console', body.hmacSecret ? 'console' : 'env');
      await refuseUnlessActive(candidate);
      return apply(
        actor,
        meta,
        {
          source: 'console',
          licenseKey: body.licenseKey,
          secretCiphertext: body.hmacSecret ? secrets.seal(body.hmacSecret) : null,
          appliedBy: actor.id,
        },
        { type: 'license_updated', details: describe(candidate), status: candidate.plan },
      );
    },

    async revoke(actor: User, meta: RequestMeta): Promise<LicenseDetails> {
      return apply(
        actor,
        meta,
        { source: 'none', licenseKey: null, secretCiphertext: null, appliedBy: actor.id },
        { type: 'license_revoked', details: `Back to the ${plans.dev.name} plan`, status: 'dev' },
      );
    },

    /** Back to LICENSE_KEY and LICENSE_HMAC_SECRET as this process was started with; a key there that does not verify is refused. */
    async reloadEnv(actor: User, meta: RequestMeta): Promise<LicenseDetails> {
      const fromEnv = config.license.key ? licenseFromKey(config.license.key, config.license.hmacSecret, 'env', 'env') : null;
      if (fromEnv?.invalidReason) await refuseUnlessActive(fromEnv);
      return apply(
        actor,
        meta,
        { source: 'env', licenseKey: null, secretCiphertext: null, appliedBy: actor.id },
        {
          type: 'license_reloaded',
          details: fromEnv ? `From the environment: ${describe(fromEnv)}` : 'No LICENSE_KEY in the environment: the Development plan',
          status: fromEnv?.plan ?? 'dev',
        },
      );
    },

    async clearStorageCache(actor: User, meta: RequestMeta): Promise<void> {
      storage.clear();
      await activities.record({
        type: 'license_storage_cache_cleared',
        sourceType: 'user',
        userId: actor.id,
        ip: meta.ip,
        data: { username: actor.username, action: 'storage_cache_cleared' },
      });
    },
  };
}

export type LicenseAdminService = ReturnType<typeof createLicenseAdminService>;
