import { z } from 'zod';
import { paginationSchema } from './common.ts';
import { messageProgressFields, messageStatusSchema } from './whatsapp-messages.ts';

const dateParam = z.iso.datetime({ offset: true }).or(z.iso.date());

export const templateAnalyticsIntervals = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type TemplateAnalyticsInterval = (typeof templateAnalyticsIntervals)[number];

/**
 * GET /api/analytics/templates: template messages sent in the range (default the last 30 days, dates
 * in the app's timezone, endDate inclusive), counted per template per bucket.
 */
export const templateAnalyticsQuerySchema = z.object({
  startDate: dateParam.optional(),
  endDate: dateParam.optional(),
  interval: z.enum(templateAnalyticsIntervals).default('daily'),
  templateName: z.string().trim().max(512).optional(),
  /**
   * Series rows for the `top` templates with the most messages in the range only; the others' are summed per bucket
   * into one row whose templateName is null (`templates` and `totals` stay whole). A chart of a few lines asks for
   * them alone: a year by day of every template is a long answer.
   */
  top: z.coerce.number().int().min(1).max(100).optional(),
});
export type TemplateAnalyticsQuery = z.infer<typeof templateAnalyticsQuerySchema>;

/**
 * Counts of template messages: `total` all sent from here; `sent` accepted by WhatsApp (sent,
 * delivered or read); `delivered` delivered or read; `read` read; `failed` failed; the rest are pending.
 */
export const templateCountsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
});
export type TemplateCounts = z.infer<typeof templateCountsSchema>;

export const templateAnalyticsResponseSchema = z.object({
  interval: z.enum(templateAnalyticsIntervals),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  timezone: z.string(),
  /**
   * One row per template per bucket that had messages, oldest bucket first; `bucket` is the bucket's start. With `top`,
   * the other templates' row of a bucket has templateName null.
   */
  series: z.array(templateCountsSchema.extend({ bucket: z.iso.datetime(), templateName: z.string().nullable() })),
  /** Per template over the whole range, most sent first; deliveryRate is delivered of sent, readRate read of delivered, 0–100. */
  templates: z.array(templateCountsSchema.extend({ templateName: z.string(), deliveryRate: z.number(), readRate: z.number() })),
  totals: templateCountsSchema,
});
export type TemplateAnalyticsResponse = z.infer<typeof templateAnalyticsResponseSchema>;

export const templateMessageSortFields = ['timestamp', 'status', 'templateName', 'recipient'] as const;

/** GET /api/analytics/templates/messages: the template messages of the range, paged. */
export const templateMessagesQuerySchema = z.object({
  startDate: dateParam.optional(),
  endDate: dateParam.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  templateName: z.string().trim().max(512).optional(),
  status: messageStatusSchema.optional(),
  /** Matches any part of the recipient's phone number or name. */
  recipient: z.string().trim().max(100).optional(),
  sortBy: z.enum(templateMessageSortFields).default('timestamp'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type TemplateMessagesQuery = z.infer<typeof templateMessagesQuerySchema>;

export const templateMessageRowSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  wamid: z.string().nullable(),
  templateName: z.string(),
  language: z.string().nullable(),
  recipient: z.object({ phone: z.string(), name: z.string().nullable() }),
  ...messageProgressFields,
  /** The agent who sent it; null for other sends. */
  sender: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** The campaign that sent it; null for an agent's or an API key's send. */
  campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TemplateMessageRow = z.infer<typeof templateMessageRowSchema>;

export const templateMessagesResponseSchema = z.object({
  messages: z.array(templateMessageRowSchema),
  pagination: paginationSchema,
});
