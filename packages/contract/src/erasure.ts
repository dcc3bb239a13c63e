import { z } from 'zod';
import { normalizePhone } from './whatsapp-phone.ts';

/*
 * Erasing a customer on request (privacy laws give customers this right): their messages, media, conversations,
 * campaign recipient rows, flow sessions and every stored copy of what they wrote go; figures already counted stay as
 * anonymous counts; an activity records who erased which contact (by its number in our books, not its phone) and when.
 */

/** Whom to erase: a customer's phone number, as typed (formatting and a leading + are fine). */
export const erasureTargetSchema = z.object({
  phone: z
    .string({ error: 'phone is required' })
    .trim()
    .min(1, 'phone is required')
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: 'phone must be a phone number in international form, such as +447700900123' });
        return z.NEVER;
      }
      return phone;
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
  contact: z.object({ id: z.number().int(), phone: z.string(), name: z.string().nullable() }),
  items: z.array(erasureItemSchema),
  /** Set once erased; null in a preview. */
  erasedAt: z.string().nullable(),
});
export type Erasure = z.infer<typeof erasureSchema>;
