// The plan catalogue of spec 3: which features and how much of each quota every plan gives.
// Free of zod so the console's licence dialogs can read it without loading the schema library.

export const planKeys = ['dev', 'basic', 'professional', 'enterprise'] as const;
export type PlanKey = (typeof planKeys)[number];

export const featureKeys = [
  'analytics',
  'campaigns',
  'botFlows',
  'templates',
  'apiAccess',
  'mediaUpload',
  'advancedReports',
  'multiTenant',
  'customIntegrations',
  'prioritySupport',
] as const;
export type FeatureKey = (typeof featureKeys)[number];

/** api_calls and messages are counted per day (midnight in the app's timezone); storage is in MB. */
export const quotaTypes = ['users', 'campaigns', 'api_calls', 'messages', 'storage'] as const;
export type QuotaType = (typeof quotaTypes)[number];
export const dailyQuotaTypes: readonly QuotaType[] = ['api_calls', 'messages'];

export type FeatureSet = Record<FeatureKey, boolean>;
export type QuotaLimits = Record<QuotaType, number>;

export interface Plan {
  key: PlanKey;
  name: string;
  features: FeatureSet;
  quotas: QuotaLimits;
}

function features(...enabled: FeatureKey[]): FeatureSet {
  return Object.fromEntries(featureKeys.map((key) => [key, enabled.includes(key)])) as FeatureSet;
}

const basicFeatures: FeatureKey[] = ['analytics', 'campaigns', 'templates', 'mediaUpload'];
const professionalFeatures: FeatureKey[] = [...basicFeatures, 'botFlows', 'apiAccess', 'advancedReports', 'prioritySupport'];

/**
 * `dev` is what an install runs on without a key: every feature, so the whole product can be
 * evaluated and developed, with quotas large enough for a team trying it out but too small to run a
 * business on. The paid plans climb in features and quotas; only enterprise has multi-tenancy and
 * custom integrations.
 */
export const plans: Record<PlanKey, Plan> = {
  dev: {
    key: 'dev',
    name: 'Development',
    features: features(...featureKeys),
    quotas: { users: 100, campaigns: 100, api_calls: 10_000, messages: 10_000, storage: 10_240 },
  },
  basic: {
    key: 'basic',
    name: 'Basic',
    features: features(...basicFeatures),
    quotas: { users: 5, campaigns: 10, api_calls: 1_000, messages: 1_000, storage: 5_120 },
  },
  professional: {
    key: 'professional',
    name: 'Professional',
    features: features(...professionalFeatures),
    quotas: { users: 25, campaigns: 100, api_calls: 50_000, messages: 50_000, storage: 51_200 },
  },
  enterprise: {
    key: 'enterprise',
    name: 'Enterprise',
    features: features(...featureKeys),
    quotas: { users: 1_000, campaigns: 10_000, api_calls: 1_000_000, messages: 1_000_000, storage: 1_048_576 },
  },
};

/** Paid plans from cheapest to richest: the first that has a feature is the one to upgrade to. */
const upgradePath: PlanKey[] = ['basic', 'professional', 'enterprise'];

export function requiredPlanFor(feature: FeatureKey): PlanKey {
  return upgradePath.find((plan) => plans[plan].features[feature]) ?? 'enterprise';
}

export function isPlanKey(value: unknown): value is PlanKey {
  return typeof value === 'string' && (planKeys as readonly string[]).includes(value);
}

export function planName(plan: string): string {
  return isPlanKey(plan) ? plans[plan].name : plan;
}

export const featureLabels: Record<FeatureKey, string> = {
  analytics: 'Analytics',
  campaigns: 'Campaigns',
  botFlows: 'Bot flows',
  templates: 'Message templates',
  apiAccess: 'API access',
  mediaUpload: 'Media upload',
  advancedReports: 'Advanced reports',
  multiTenant: 'Multi-tenant',
  customIntegrations: 'Custom integrations',
  prioritySupport: 'Priority support',
};

/** How the quota modal names a quota and its unit ('Attempted to add 2 more users'). */
export const quotaLabels: Record<QuotaType, { name: string; unit: string; unitOne: string }> = {
  users: { name: 'Users', unit: 'users', unitOne: 'user' },
  campaigns: { name: 'Campaigns', unit: 'campaigns', unitOne: 'campaign' },
  api_calls: { name: 'API Calls', unit: 'API calls', unitOne: 'API call' },
  messages: { name: 'Messages', unit: 'messages', unitOne: 'message' },
  storage: { name: 'Storage', unit: 'MB', unitOne: 'MB' },
};

export function isFeatureKey(value: unknown): value is FeatureKey {
  return typeof value === 'string' && (featureKeys as readonly string[]).includes(value);
}

export function isQuotaType(value: unknown): value is QuotaType {
  return typeof value === 'string' && (quotaTypes as readonly string[]).includes(value);
}
