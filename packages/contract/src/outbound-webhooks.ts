import { z } from 'zod';
import { acceptingReadBack, idParamsSchema, pageQuery, paginationSchema } from './common.ts';

/** What the console tells a business's systems about, as signed POSTs to the URLs an admin subscribes. */
export const outboundEvents = ['message.received', 'message.status', 'campaign.finished', 'conversation.handed_off'] as const;
export type OutboundEvent = (typeof outboundEvents)[number];

export const outboundEventLabels: Record<OutboundEvent, string> = {
  'message.received': 'Message received',
  'message.status': 'Message status (sent, delivered, read, failed)',
  'campaign.finished': 'Campaign finished',
  'conversation.handed_off': 'Conversation handed to an agent',
};

/**
 * Sent with every attempt: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` with the subscription's secret, so
 * a receiver can refuse a delivery replayed later than OUTBOUND_SIGNATURE_TOLERANCE_S.
 */
export const OUTBOUND_TIMESTAMPED_SIGNATURE_HEADER = 'x-wac-signature';
/** How far from its own clock a receiver should accept the timestamp of X-WAC-Signature. */
export const OUTBOUND_SIGNATURE_TOLERANCE_S = 300;
/** Deprecated, sent for one more release beside X-WAC-Signature: `sha256=` + hex HMAC-SHA256 of the raw body. */
export const OUTBOUND_SIGNATURE_HEADER = 'x-wac-signature-256';
export const OUTBOUND_EVENT_HEADER = 'x-wac-event';
export const OUTBOUND_DELIVERY_HEADER = 'x-wac-delivery';
/** A delivery is tried again with backoff until this long after the event, then given up. */
export const OUTBOUND_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Delivered and given-up deliveries, with their answers, are kept this many days. */
export const OUTBOUND_DELIVERY_RETENTION_DAYS = 30;

/** The body of every delivery. */
export const outboundPayloadSchema = z.object({
  id: z.string(),
  event: z.enum([...outboundEvents, 'test']),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type OutboundPayload = z.infer<typeof outboundPayloadSchema>;

const url = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(2048, 'url must be at most 2048 characters')
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { error: 'url must be an http(s) URL' });

const events = z
  .array(z.enum(outboundEvents, { error: `events must be among ${outboundEvents.join(', ')}` }), { error: 'events must be a list' })
  .min(1, 'events must name at least one event')
  .transform((list) => [...new Set(list)]);

const description = z.string().trim().max(200, 'description must be at most 200 characters');

/** POST /api/outbound-webhooks */
export const outboundWebhookCreateSchema = z.strictObject({
  url,
  events,
  description: description.default(''),
  active: z.boolean().default(true),
});
export type OutboundWebhookCreate = z.input<typeof outboundWebhookCreateSchema>;

/** PUT /api/outbound-webhooks/{id} */
export const outboundWebhookUpdateSchema = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  active: z.boolean().optional(),
});
export type OutboundWebhookUpdate = z.input<typeof outboundWebhookUpdateSchema>;

/** The outcome of a subscription's latest attempted delivery. */
export const lastDeliverySchema = z.object({ at: z.string(), ok: z.boolean(), statusCode: z.number().int().nullable() });
export type LastDelivery = z.infer<typeof lastDeliverySchema>;

export const outboundWebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(outboundEvents)),
  description: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Deliveries of the last 24 hours that failed for good, and the last delivery's outcome. */
  failedLastDay: z.number().int(),
  lastDelivery: lastDeliverySchema.nullable(),
});
export type OutboundWebhook = z.infer<typeof outboundWebhookSchema>;
/** PUT's body: the update, or the subscription as GET answered it. */
export const outboundWebhookUpdateBodySchema = acceptingReadBack(outboundWebhookUpdateSchema, outboundWebhookSchema);

export const outboundWebhookEventNames = { delivery: 'outbound_webhook_delivery' } as const;

/** An attempt was recorded (to admins): the list shows it as the subscription's last delivery, and a give-up among its failures. */
export const outboundDeliveryEventSchema = z.object({
  webhookId: z.number().int(),
  lastDelivery: lastDeliverySchema,
  gaveUp: z.boolean(),
});
export type OutboundDeliveryEvent = z.infer<typeof outboundDeliveryEventSchema>;

/** POST answers the signing secret once (it can be rotated, never read again). */
export const outboundWebhookCreatedSchema = z.object({ webhook: outboundWebhookSchema, secret: z.string() });
export const outboundWebhookListSchema = z.object({ webhooks: z.array(outboundWebhookSchema) });

export const deliveryStates = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const outboundDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  state: z.enum(deliveryStates),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  statusCode: z.number().int().nullable(),
  /** The receiver's answer (first 2,000 characters) or why it could not be reached. */
  response: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type OutboundDelivery = z.infer<typeof outboundDeliverySchema>;

export const outboundDeliveryQuerySchema = z.object({ ...pageQuery(20), state: z.enum(deliveryStates).optional() });
export const outboundDeliveryListSchema = z.object({ deliveries: z.array(outboundDeliverySchema), pagination: paginationSchema });

/** POST /api/outbound-webhooks/{id}/deliveries/{deliveryId}/retry: deliveries have 64-bit ids. */
export const outboundDeliveryParamsSchema = idParamsSchema.extend({
  deliveryId: z.coerce
    .number({ error: 'Delivery id must be a number' })
    .int('Delivery id must be a whole number')
    .positive('Delivery id must be positive')
    .max(Number.MAX_SAFE_INTEGER, 'Delivery id is too large'),
});
