import type { SandboxBusiness } from './webhook-payloads.ts';

/** Meta's messaging limit tiers: how many unique customers a business may start conversations with per rolling 24 hours. */
export const messagingLimitTiers = ['TIER_250', 'TIER_1K', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
export type MessagingLimitTier = (typeof messagingLimitTiers)[number];

/**
 * The sandbox's business numbers as GET /{phone-number-id} shows them. The messaging limit belongs to the business
 * portfolio, so every number reports the same one (tests move it); the deprecated per-number tier is answered beside it.
 */
export function createSandboxPhoneNumbers(numbers: readonly SandboxBusiness[]) {
  let tier: MessagingLimitTier = 'TIER_1K';
  const node = (number: SandboxBusiness): Record<string, unknown> => ({
    verified_name: 'Sandbox Business',
    display_phone_number: number.displayPhoneNumber,
    quality_rating: 'GREEN',
    whatsapp_business_manager_messaging_limit: tier,
    messaging_limit_tier: tier,
    throughput: { level: 'STANDARD' },
  });

  return {
    setTier(next: MessagingLimitTier): void {
      tier = next;
    },

    /** The number with this id, if it is one of the sandbox's. */
    find(phoneNumberId: string): SandboxBusiness | undefined {
      return numbers.find((number) => number.phoneNumberId === phoneNumberId);
    },

    /** The fields asked for (all without `fields`) and the id, as Graph reads a node; the first unknown field otherwise. */
    read(
      number: SandboxBusiness,
      fields: string | undefined,
    ): { ok: true; body: Record<string, unknown> } | { ok: false; unknownField: string } {
      const all = node(number);
      const names = fields ? fields.split(',').map((f) => f.trim()) : Object.keys(all);
      const unknownField = names.find((name) => name !== 'id' && !Object.hasOwn(all, name));
      if (unknownField !== undefined) return { ok: false, unknownField };
      return { ok: true, body: { ...Object.fromEntries(names.map((name) => [name, all[name]])), id: number.phoneNumberId } };
    },
  };
}

export type SandboxPhoneNumbers = ReturnType<typeof createSandboxPhoneNumbers>;
