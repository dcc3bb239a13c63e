import { z } from 'zod';
import { customerAddressError, parseCustomerAddress } from './whatsapp-user-id.ts';

/*
 * Erasing a customer on request (privacy laws give customers this right): their messages, media, conversations,
 * campaign recipient rows, flow sessions and every stored copy of what they wrote go; figures already counted stay as
 * anonymous counts; an activity records who erased which contact (by its number in our books, not its phone) and when.
 */

/** Whom to erase: a customer's phone number as typed (formatting and a leading + are fine), or their BSUID. */
export const erasureTargetSchema = z.object({
  phone: z
    .string({ error: 'phone is required' })
    .trim()
    .min(1, 'phone is required')
    .transform((value, ctx) => {
      const address = parseCustomerAddress(value);
      if (address === null) {
        ctx.addIssue({ code: 'custom', message: customerAddressError('phone') });
        return z.NEVER;
      }
      return address.phone ?? address.bsuid;
    }),
});
export type ErasureTarget = z.infer<typeof erasureTargetSchema>;

/**
 * What goes, by kind: messages, mediaFiles (with their bytes), conversations, campaignRecipients, flowSessions, and the
 * stored copies naming the customer's number: activities, webhookEvents (processed), outboundDeliveries, apiReplays.
 */
export const erasureItemSchema = z.object({ name: z.string(), count: z.number().int(), bytes: z.number().int() });
export type ErasureItem = z.infer<typeof erasureItemSchema>;

export const erasureSchema = z.object({
  /** phone: "+447700900123", or the BSUID of a customer known by no number. */
  contact: z.object({ id: z.number().int(), phone: z.string(), name: z.string().nullable() }),
  items: z.array(erasureItemSchema),
  /** Set once erased; null in a preview. */
  erasedAt: z.string().nullable(),
});
export type Erasure = z.infer<typeof erasureSchema>;
