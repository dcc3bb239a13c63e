import type { SandboxBusiness } from './webhook-payloads.ts';

/** Meta's messaging limit tiers: how many unique customers a business may start conversations with per rolling 24 hours. */
export const messagingLimitTiers = ['TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
export type MessagingLimitTier = (typeof messagingLimitTiers)[number];

/** The sandbox's business number as GET /{phone-number-id} shows it; tests move its messaging limit tier. */
export function createSandboxPhoneNumber(business: SandboxBusiness) {
  let tier: MessagingLimitTier = 'TIER_1K';
  const node = (): Record<string, unknown> => ({
    verified_name: 'Sandbox Business',
    display_phone_number: business.displayPhoneNumber,
    quality_rating: 'GREEN',
    messaging_limit_tier: tier,
    throughput: { level: 'STANDARD' },
  });

  return {
    setTier(next: MessagingLimitTier): void {
      tier = next;
    },

    /** The fields asked for (all without `fields`) and the id, as Graph reads a node; the first unknown field otherwise. */
    read(fields: string | undefined): { ok: true; body: Record<string, unknown> } | { ok: false; unknownField: string } {
      const all = node();
      const names = fields ? fields.split(',').map((f) => f.trim()) : Object.keys(all);
      const unknownField = names.find((name) => name !== 'id' && !Object.hasOwn(all, name));
      if (unknownField !== undefined) return { ok: false, unknownField };
      return { ok: true, body: { ...Object.fromEntries(names.map((name) => [name, all[name]])), id: business.phoneNumberId } };
    },
  };
}

export type SandboxPhoneNumber = ReturnType<typeof createSandboxPhoneNumber>;
