import { z } from 'zod';
import { licenseSeverities } from './license-errors.ts';
import { licenseStatuses } from './license-quotas.ts';
import { type FeatureKey, featureKeys, planKeys, type QuotaType, quotaTypes } from './plans.ts';

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

const featureOverrides = z
  .object(
    Object.fromEntries(featureKeys.map((k) => [k, z.boolean({ error: `feature ${k} must be true or false` })])) as {
      [K in FeatureKey]: z.ZodBoolean;
    },
  )
  .partial()
  .strict();

const quotaNumber = (k: QuotaType) =>
  z
    .number({ error: `quota ${k} must be a number` })
    .int(`quota ${k} must be a whole number`)
    .min(0, `quota ${k} must not be negative`)
    .max(1e12, `quota ${k} is too large`);

const quotaOverrides = z
  .object(Object.fromEntries(quotaTypes.map((k) => [k, quotaNumber(k)])) as { [K in QuotaType]: ReturnType<typeof quotaNumber> })
  .partial()
  .strict();

/** DESIGN.md "Licence keys": the signed JSON; `features` and `quotas` override the plan's defaults. */
export const licenseKeyPayloadSchema = z
  .object({
    licenseId: z.string().trim().min(1, 'licenseId is required').max(200),
    customer: z.string().trim().min(1, 'customer is required').max(200),
    plan: z.enum(planKeys, { error: `plan must be one of ${planKeys.join(', ')}` }),
    issuedAt: isoDate,
    expiresAt: isoDate,
    features: featureOverrides.optional(),
    quotas: quotaOverrides.optional(),
    /** The vendor suspended this licence: it verifies, but writes are refused. */
    suspended: z.boolean().optional(),
  })
  .refine((p) => Date.parse(p.issuedAt) <= Date.parse(p.expiresAt), { message: 'expiresAt is before issuedAt', path: ['expiresAt'] });
export type LicenseKeyPayload = z.infer<typeof licenseKeyPayloadSchema>;

export const updateLicenseBodySchema = z.object({
  licenseKey: z
    .string({ error: 'Licence key is required' })
    .trim()
    .min(1, 'Licence key is required')
    .max(20_000, 'Licence key is too long'),
  /** Verifies this key instead of LICENSE_HMAC_SECRET; kept (encrypted) with the key. */
  hmacSecret: z
    .string()
    .trim()
    .max(1_000, 'HMAC secret is too long')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type UpdateLicenseBody = z.infer<typeof updateLicenseBodySchema>;

export const storageQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false'], { error: 'refresh must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

const planKeySchema = z.enum(planKeys);
const statusSchema = z.enum(licenseStatuses);
const featureSetSchema = z.object(Object.fromEntries(featureKeys.map((k) => [k, z.boolean()])) as { [K in FeatureKey]: z.ZodBoolean });
const quotaLimitsSchema = z.object(Object.fromEntries(quotaTypes.map((k) => [k, z.number()])) as { [K in QuotaType]: z.ZodNumber });

export const quotaRecordSchema = z.object({
  used: z.number(),
  limit: z.number(),
  available: z.number(),
  percentage: z.number(),
  progressPercentage: z.number(),
  isExceeded: z.boolean(),
  isWarning: z.boolean(),
  requested: z.number().optional(),
});

export const quotaStatusSchema = quotaRecordSchema.extend({
  unit: z.string(),
  /** Daily quotas: when the count starts again (midnight in the app's timezone). */
  resetsAt: z.string().nullable(),
});

/** Where the licence in force came from: none (the dev plan), the environment, or a key applied in the console. */
export const licenseSourceSchema = z.enum(['none', 'env', 'console']);
export type LicenseSource = z.infer<typeof licenseSourceSchema>;

export const licenseStatusSchema = z.object({
  plan: planKeySchema,
  planName: z.string(),
  status: statusSchema,
  blockingLevel: z.number().int().min(0).max(3),
  expiresAt: z.string().nullable(),
  daysRemaining: z.number().int().nullable(),
  /** Why the licence is not active, in words. */
  message: z.string().nullable(),
  features: featureSetSchema,
  quotas: z.object(Object.fromEntries(quotaTypes.map((k) => [k, quotaStatusSchema])) as { [K in QuotaType]: typeof quotaStatusSchema }),
  checkedAt: z.string(),
});
export type LicenseStatusResponse = z.infer<typeof licenseStatusSchema>;

export const licenseDetailsSchema = z.object({
  plan: planKeySchema,
  planName: z.string(),
  status: statusSchema,
  message: z.string().nullable(),
  source: licenseSourceSchema,
  licenseId: z.string().nullable(),
  customer: z.string().nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  daysRemaining: z.number().int().nullable(),
  suspended: z.boolean(),
  /** The start and end of the key, enough to recognise it; the key itself is never sent back. */
  keyPreview: z.string().nullable(),
  /** Which secret verifies the key: the one given with it in the console, or LICENSE_HMAC_SECRET. */
  secretSource: z.enum(['console', 'env']).nullable(),
  appliedAt: z.string().nullable(),
  appliedBy: z.string().nullable(),
  features: featureSetSchema,
  quotaLimits: quotaLimitsSchema,
  /** Whether LICENSE_KEY / LICENSE_HMAC_SECRET are set for this process (their values are never sent). */
  environment: z.object({ hasKey: z.boolean(), hasSecret: z.boolean() }),
});
export type LicenseDetails = z.infer<typeof licenseDetailsSchema>;

export const licenseDetailsResponseSchema = z.object({ license: licenseDetailsSchema });
export const licenseChangeResponseSchema = z.object({ message: z.string(), license: licenseDetailsSchema });

export const storageDirectorySchema = z.object({
  name: z.string(),
  bytes: z.number(),
  files: z.number().int(),
  /** The embedded database is listed but not counted: the storage quota is about files kept. */
  countsTowardQuota: z.boolean(),
});
export const storageUsageSchema = z.object({
  totalBytes: z.number(),
  countedBytes: z.number(),
  usedMb: z.number(),
  limitMb: z.number(),
  quota: quotaRecordSchema,
  directories: z.array(storageDirectorySchema),
  computedAt: z.string(),
  fromCache: z.boolean(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

const quotaSummarySchema = z.object({ used: z.number(), limit: z.number(), isExceeded: z.boolean(), isWarning: z.boolean() });

/** Spec 3 "Licence error payload", as the server sends it with every licence refusal. */
export const licenseErrorPayloadSchema = z.object({
  error: z.string(),
  code: z.string(),
  title: z.string().optional(),
  details: z.string().optional(),
  help: z.string().optional(),
  severity: z.enum(licenseSeverities).optional(),
  feature: z.string().optional(),
  currentPlan: z.string().optional(),
  requiredPlan: z.string().optional(),
  plan: z.string().optional(),
  quota: quotaRecordSchema.optional(),
  quotaType: z.string().optional(),
  action: z.string().optional(),
  actionUrl: z.string().optional(),
  upgradeUrl: z.string().optional(),
  timestamp: z.string().optional(),
  retryAfter: z.number().optional(),
  _quotas: z.record(z.string(), quotaSummarySchema).optional(),
  _license: z.object({ plan: z.string(), blockingLevel: z.number(), features: z.record(z.string(), z.boolean()) }).optional(),
});
