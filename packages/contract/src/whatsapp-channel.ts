import { z } from 'zod';

/** GET /api/whatsapp/status: which Graph API the server talks to (signed in). */
export const channelStatusSchema = z.object({
  mode: z.enum(['sandbox', 'live']),
  phoneNumberId: z.string(),
  apiVersion: z.string(),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/** GET /api/webhooks/whatsapp/health (admin): is Meta reaching us, and are we keeping up? */
export const webhookHealthSchema = z.object({
  lastEventAt: z.iso.datetime().nullable(),
  eventsLast24h: z.number().int(),
  signatureFailuresLast24h: z.number().int(),
  lastSignatureFailureAt: z.iso.datetime().nullable(),
  waiting: z.number().int(),
  oldestWaitingSeconds: z.number().nullable(),
  /** Events that failed processing too many times and wait for an admin. */
  failed: z.number().int(),
  /** Items of signed deliveries that could not be taken as they came (a message naming no customer), last 24 hours. */
  refusedLast24h: z.number().int(),
  /** The latest refusal, in words, and when. */
  lastRefusal: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;
