import { z } from 'zod';

/*
 * The business's phone numbers: every number of the WhatsApp Business Account the console answers on. The number of
 * WHATSAPP_PHONE_NUMBER_ID is always there and always first; admins add others (checked against the Graph API),
 * rename and disable them. A conversation belongs to the number the customer wrote to, and everything sent in it
 * leaves from that number.
 */

/** Meta's phone-number id: digits. */
export const phoneNumberIdSchema = z
  .string({ error: 'phoneNumberId is required' })
  .trim()
  .regex(/^\d{5,30}$/, { error: 'phoneNumberId must be the digits of a phone-number id from Meta, such as 106540352242922' });

export const businessNumberNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(60, { error: 'name must be at most 60 characters' });

/**
 * What Meta last said of the number: quality, throughput, and the messaging limit, which belongs to the business
 * portfolio and is shared by all its numbers (`whatsapp_business_manager_messaging_limit`, or the deprecated per-number
 * `messaging_limit_tier` where Meta still answers only that).
 */
export const businessNumberStateSchema = z.object({
  verifiedName: z.string().nullable(),
  qualityRating: z.string().nullable(),
  throughputLevel: z.string().nullable(),
  messagingLimit: z.string().nullable(),
  /** Unique customers per rolling 24 hours the limit allows; null for unlimited or unknown. */
  uniqueCustomersPer24h: z.number().int().nullable(),
  /** When Meta was last asked; null when it never answered. */
  checkedAt: z.iso.datetime().nullable(),
});

export const businessNumberSchema = z.object({
  id: z.number().int(),
  phoneNumberId: z.string(),
  /** As customers see it, e.g. "15550100001"; null until Meta said. */
  displayPhoneNumber: z.string().nullable(),
  /** What the business calls it ("Support", "Sales"); the display number when never named. */
  name: z.string(),
  enabled: z.boolean(),
  /** The number of WHATSAPP_PHONE_NUMBER_ID: the default for sends that name none; it cannot be disabled. */
  first: z.boolean(),
  ...businessNumberStateSchema.shape,
});
export type BusinessNumber = z.infer<typeof businessNumberSchema>;

export const businessNumbersResponseSchema = z.object({ numbers: z.array(businessNumberSchema) });

export const addBusinessNumberBodySchema = z.object({
  phoneNumberId: phoneNumberIdSchema,
  name: businessNumberNameSchema.optional(),
});

export const updateBusinessNumberBodySchema = z
  .object({ name: businessNumberNameSchema.optional(), enabled: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.enabled !== undefined, { error: 'Give a name or enabled' });

/** A send's `from`: the business number it leaves from, by phone-number id or display number; the default is the first. */
export const sendFromField = z.string().trim().min(1).max(40).optional().meta({
  description:
    'The business number to send from: its phone-number id, or its display number. Left out: the number of the customer’s latest conversation, else the first number (WHATSAPP_PHONE_NUMBER_ID).',
});

export const businessNumberResponseSchema = z.object({ number: businessNumberSchema });

/** How people read a number: its name, and the display number beside it when the name is not that number. */
export function businessNumberLabel(number: Pick<BusinessNumber, 'name' | 'displayPhoneNumber' | 'phoneNumberId'>): string {
  const shown = number.displayPhoneNumber ? `+${number.displayPhoneNumber}` : number.phoneNumberId;
  return number.name === shown || number.name === number.displayPhoneNumber ? shown : `${number.name} (${shown})`;
}

/** Unique customers per 24 hours a tier allows ("TIER_2K" → 2000); null for TIER_UNLIMITED or a tier not understood. */
export function tierCustomers(tier: string | null): number | null {
  const match = tier ? /^TIER_(\d+)(K?)$/.exec(tier) : null;
  return match ? Number(match[1]) * (match[2] ? 1000 : 1) : null;
}
