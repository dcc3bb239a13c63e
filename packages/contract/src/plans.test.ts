import { describe, expect, it } from 'vitest';
import { featureKeys, planKeys, plans, quotaTypes, requiredPlanFor } from './plans.ts';

describe('plan catalogue', () => {
  it('gives every plan each of the ten features and five quotas', () => {
    expect(featureKeys).toHaveLength(10);
    expect(quotaTypes).toEqual(['users', 'campaigns', 'api_calls', 'messages', 'storage']);
    for (const key of planKeys) {
      expect(Object.keys(plans[key].features).sort()).toEqual([...featureKeys].sort());
      expect(Object.keys(plans[key].quotas).sort()).toEqual([...quotaTypes].sort());
      for (const limit of Object.values(plans[key].quotas)) expect(limit).toBeGreaterThan(0);
    }
  });

  it('climbs from basic to enterprise: never fewer features or smaller quotas', () => {
    const paid = ['basic', 'professional', 'enterprise'] as const;
    for (let i = 1; i < paid.length; i++) {
      const lower = plans[paid[i - 1] as keyof typeof plans];
      const higher = plans[paid[i] as keyof typeof plans];
      for (const f of featureKeys) if (lower.features[f]) expect(higher.features[f]).toBe(true);
      for (const q of quotaTypes) expect(higher.quotas[q]).toBeGreaterThan(lower.quotas[q]);
    }
  });

  it('lets dev evaluate every feature', () => {
    expect(Object.values(plans.dev.features).every(Boolean)).toBe(true);
  });

  it('names the cheapest plan that has a feature', () => {
    expect(requiredPlanFor('templates')).toBe('basic');
    expect(requiredPlanFor('botFlows')).toBe('professional');
    expect(requiredPlanFor('multiTenant')).toBe('enterprise');
  });
});
