import { z } from 'zod';
import { campaignStatuses } from './campaign-states.ts';
import { campaignCountsSchema, recipientStates } from './campaigns.ts';
import { paginationSchema } from './common.ts';

/*
 * A campaign's reports (spec 7: /report, /delivery-summary, /batch-analysis, /failure-analysis, /regenerate-report,
 * /reports and the recipients CSV). The spec leaves their shapes open; these are ours. Every figure is computed live
 * from the recipients' rows when asked, so a report is never stale. Rates and shares are percentages (0 to 100,
 * one decimal), null when there is nothing to divide by, so "no data yet" never reads as 0%.
 */

const percent = z.number().min(0).max(100);
const ratio = percent.nullable();

/** Rates over the recipients' states. */
export const campaignRatesSchema = z.object({
  /** Recipients Meta accepted: those now sent, delivered or read. */
  sent: z.number().int(),
  /** Recipients whose message reached Meta: accepted, plus those Meta accepted and later reported failed (they have a wamid). */
  reachedMeta: z.number().int(),
  /** Delivered or read, over reached Meta. */
  deliveryRate: ratio,
  /** Read, over delivered or read. */
  readRate: ratio,
  /** Failed, over attempted (every recipient not pending or skipped). */
  failureRate: ratio,
  /**
   * Messages Meta accepted per second between the first and the last acceptance, over one second at least (the pace is a
   * cap per second); null with fewer than two acceptances.
   */
  averageSendRatePerSecond: z.number().nullable(),
});
export type CampaignRates = z.infer<typeof campaignRatesSchema>;

/** GET /campaigns/{id}/report and POST /campaigns/{id}/regenerate-report. */
export const campaignReportSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  /** From start to completion, or to now while it has not finished; null before it starts. */
  durationSeconds: z.number().int().nullable(),
  counts: campaignCountsSchema,
  rates: campaignRatesSchema,
  /** Recipients who wrote back within REPLY_WINDOW_HOURS of their campaign message. */
  replied: z.number().int(),
  /** The first and last time Meta accepted one of its messages. */
  firstSentAt: z.iso.datetime().nullable(),
  lastSentAt: z.iso.datetime().nullable(),
  generatedAt: z.iso.datetime(),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
export const campaignReportResponseSchema = z.object({ report: campaignReportSchema });

/** Seconds between two events of the recipients who have both; null when none has. */
export const campaignTimingSchema = z.object({
  samples: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
});
export type CampaignTiming = z.infer<typeof campaignTimingSchema>;

/** GET /campaigns/{id}/delivery-summary: where every recipient ended up, and how fast messages were delivered and read. */
export const campaignDeliverySummarySchema = z.object({
  _id: z.string(),
  total: z.number().int(),
  /** Every recipient state in the order of a campaign's life, each with its share of all recipients. */
  states: z.array(z.object({ state: z.enum(recipientStates), count: z.number().int(), percentage: percent })),
  timing: z.object({ sentToDelivered: campaignTimingSchema, sentToRead: campaignTimingSchema }),
  generatedAt: z.iso.datetime(),
});
export type CampaignDeliverySummary = z.infer<typeof campaignDeliverySummarySchema>;
export const campaignDeliverySummaryResponseSchema = z.object({ deliverySummary: campaignDeliverySummarySchema });

export const campaignBatchBucketSchema = z.object({
  start: z.iso.datetime(),
  /** Events whose own timestamp falls in the bucket: a message sent in one bucket may be read in a later one. */
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
});
export type CampaignBatchBucket = z.infer<typeof campaignBatchBucketSchema>;

/** GET /campaigns/{id}/batch-analysis: throughput over time, from the first event to the last, with no gaps. */
export const campaignBatchAnalysisSchema = z.object({
  _id: z.string(),
  bucketSeconds: z.number().int().positive(),
  buckets: z.array(campaignBatchBucketSchema),
  /** The most messages Meta accepted within one calendar second, whatever the bucket width. */
  peakSentPerSecond: z.number().int(),
  generatedAt: z.iso.datetime(),
});
export type CampaignBatchAnalysis = z.infer<typeof campaignBatchAnalysisSchema>;
export const campaignBatchAnalysisResponseSchema = z.object({ batchAnalysis: campaignBatchAnalysisSchema });

/** Failed recipients sharing an error code, or the recipients whose outcome is unknown. */
export const campaignFailureGroupSchema = z.object({
  /** `unknown`: the request may have reached Meta but no answer was recorded, so it was not sent again. */
  state: z.enum(['failed', 'unknown']),
  code: z.number().int().nullable(),
  title: z.string(),
  /** What happened and what to do, in plain words. */
  explanation: z.string().nullable(),
  count: z.number().int(),
  /** Of all failed and unknown recipients. */
  share: percent,
  /** Up to three of their phones, the earliest added first. */
  examples: z.array(z.string()),
});
export type CampaignFailureGroup = z.infer<typeof campaignFailureGroupSchema>;

/** GET /campaigns/{id}/failure-analysis: the largest group first. */
export const campaignFailureAnalysisSchema = z.object({
  _id: z.string(),
  failed: z.number().int(),
  unknown: z.number().int(),
  total: z.number().int(),
  groups: z.array(campaignFailureGroupSchema),
  generatedAt: z.iso.datetime(),
});
export type CampaignFailureAnalysis = z.infer<typeof campaignFailureAnalysisSchema>;
export const campaignFailureAnalysisResponseSchema = z.object({ failureAnalysis: campaignFailureAnalysisSchema });

/** One row of GET /campaigns/reports (its query is the campaign list's: page, limit, status, search). */
export const campaignReportSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  counts: campaignCountsSchema,
  deliveryRate: ratio,
  readRate: ratio,
  failureRate: ratio,
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
});
export type CampaignReportSummary = z.infer<typeof campaignReportSummarySchema>;
export const campaignReportListResponseSchema = z.object({ reports: z.array(campaignReportSummarySchema), pagination: paginationSchema });

/** A customer's message counts as a reply to a campaign's when it comes within this many hours of it. */
export const REPLY_WINDOW_HOURS = 24;

/** A percentage with one decimal; null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

export const MAX_BATCH_BUCKETS = 120;
const DAY = 86_400;
/** Round widths a person reads at a glance: 1 s, 5 s, 10 s, 30 s, 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, 1 day. */
export const batchBucketWidths = [1, 5, 10, 30, 60, 300, 900, 3_600, 10_800, 21_600, 43_200, DAY] as const;

/**
 * The narrowest round width that covers `spanSeconds` in at most MAX_BATCH_BUCKETS buckets. Buckets are aligned to
 * multiples of their width, so a span can touch one bucket more than span / width: the rule leaves room for it.
 */
export function batchBucketSeconds(spanSeconds: number): number {
  const span = Math.max(0, spanSeconds);
  const fits = (width: number) => span / width <= MAX_BATCH_BUCKETS - 1;
  const round = batchBucketWidths.find(fits);
  return round ?? DAY * Math.ceil(span / (DAY * (MAX_BATCH_BUCKETS - 1)));
}
