import { z } from 'zod';
import { sentimentLabelSchema } from './sentiment.ts';

/*
 * Reports and analytics (spec 7): every answer is read from rollups kept per 15-minute bucket, so every timezone reads
 * exact local days (UTC+5:30 and +5:45 included). Dates are whole days in the app's timezone, endDate inclusive;
 * date-times are read from the quarter hour they fall on or the next (the range answered says so). With neither, the
 * last 30 days.
 */

const MAX_ID = 2_147_483_647;
const dateParam = z.iso.datetime({ offset: true }).or(z.iso.date());
const optionalId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`)
    .max(MAX_ID, `${what} is too large`)
    .optional();

export const analyticsIntervals = ['hour', 'day', 'week', 'month'] as const;
export const analyticsIntervalSchema = z.enum(analyticsIntervals, {
  error: `interval must be one of ${analyticsIntervals.join(', ')}`,
});
export type AnalyticsInterval = z.infer<typeof analyticsIntervalSchema>;

/** The longest range any analytics endpoint answers. */
export const MAX_ANALYTICS_RANGE_DAYS = 731;
/** The most buckets one series may have: ask for a longer interval beyond this. */
export const MAX_ANALYTICS_BUCKETS = 2000;

/**
 * The range and interval every analytics endpoint takes, and the filters where they make sense: one at a time, each
 * endpoint says which it takes. A figure the rollups do not keep per the filter's dimension (distinct counts such as
 * active conversations, kept for the whole install only) answers null while a filter is set.
 */
export const analyticsQuerySchema = z.object({
  startDate: dateParam.optional(),
  endDate: dateParam.optional(),
  interval: analyticsIntervalSchema.default('day'),
  /** Only what this agent did (their replies, their response times, conversations they took). */
  agentId: optionalId('agentId'),
  /** Only this campaign's messages. */
  campaignId: optionalId('campaignId'),
  /** Only conversations this bot flow ran in. */
  flowId: optionalId('flowId'),
  /** Only this business phone number (its Graph phone-number id). */
  phoneNumberId: z.string().trim().min(1).max(64).optional(),
  /** Read waiting times within the business hours of Settings only. */
  businessHours: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The query's filters, one at a time. */
export const analyticsFilterNames = ['agentId', 'phoneNumberId', 'campaignId', 'flowId'] as const;
export type AnalyticsFilterName = (typeof analyticsFilterNames)[number];

/**
 * The filters each analytics endpoint takes: the dimensions its figures are kept by. Any other is a 400 naming these,
 * and the dashboards say so in the card instead of asking.
 */
export const analyticsEndpointFilters = {
  '/api/reports/summary': ['agentId', 'phoneNumberId'],
  '/api/analytics/conversations': ['agentId', 'phoneNumberId', 'flowId'],
  '/api/analytics/messages/volume': ['agentId', 'campaignId', 'phoneNumberId'],
  '/api/analytics/activity/daily': ['agentId', 'phoneNumberId'],
  '/api/analytics/messages/response': ['agentId', 'phoneNumberId'],
  '/api/analytics/users/active': [],
  '/api/analytics/users/retention': [],
  '/api/analytics/engagement': ['campaignId'],
  '/api/analytics/sentiment': ['agentId', 'phoneNumberId'],
  '/api/analytics/spend': ['campaignId', 'phoneNumberId'],
} as const satisfies Record<string, readonly AnalyticsFilterName[]>;
export type FilteredAnalyticsEndpoint = keyof typeof analyticsEndpointFilters;

/** The range as answered: instants, the timezone they were read in, and the interval. */
export const analyticsRangeSchema = z.object({
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  timezone: z.string(),
  interval: analyticsIntervalSchema,
});
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/** The waiting-time bins of every response-time distribution. */
export const responseTimeBins = ['under_1m', '1_5m', '5_15m', '15_60m', '1_4h', 'over_4h'] as const;
export const responseTimeBinSchema = z.enum(responseTimeBins);
export type ResponseTimeBin = z.infer<typeof responseTimeBinSchema>;
/** Each bin's upper bound in seconds (the last is open). */
export const responseTimeBinLimits: Record<ResponseTimeBin, number> = {
  under_1m: 60,
  '1_5m': 300,
  '5_15m': 900,
  '15_60m': 3600,
  '1_4h': 14_400,
  over_4h: Number.POSITIVE_INFINITY,
};

/**
 * Waiting times: how many, their median and 90th percentile (read from a fine histogram, exact to its bin: 5 s under
 * a minute, 30 s under 5 min, 1 min under 15, 5 min under an hour, 15 min under 4 h, an hour beyond), the mean, and
 * the distribution. Null seconds when there is nothing to measure.
 */
export const responseStatsSchema = z.object({
  count: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  averageSeconds: z.number().nullable(),
  distribution: z.array(z.object({ bin: responseTimeBinSchema, count: z.number().int() })),
});
export type ResponseStats = z.infer<typeof responseStatsSchema>;

const agentSchema = z.object({ id: z.number().int(), username: z.string() });

const sendCountsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
});
export type SendCounts = z.infer<typeof sendCountsSchema>;

/* GET /api/reports/summary: the overview's figures for the range and for the period just before it, as long. */
export const summaryFiguresSchema = z.object({
  /** Conversations with any message in the range (null while a filter is set). */
  conversations: z.number().int().nullable(),
  conversationsOpened: z.number().int(),
  conversationsReopened: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  medianFirstResponseSeconds: z.number().nullable(),
  botHandoffs: z.number().int(),
  resolved: z.number().int(),
  templates: sendCountsSchema,
  /** Template sends of campaigns; replied: those the customer answered within 24 hours (null while a filter is set). */
  campaigns: sendCountsSchema.extend({ replied: z.number().int().nullable() }),
  /** What the messages of the range cost; null until prices are stored ([order 14]). */
  spend: z.object({ amount: z.number(), currency: z.string() }).nullable(),
});
export type SummaryFigures = z.infer<typeof summaryFiguresSchema>;

export const reportSummarySchema = z.object({
  range: analyticsRangeSchema,
  current: summaryFiguresSchema,
  previous: summaryFiguresSchema,
  /** Now, whatever the range: conversations an agent holds, and those handed off by the bot that no agent answered yet. */
  now: z.object({ open: z.number().int(), waiting: z.number().int() }),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/* GET /api/analytics/conversations */
export const conversationCountsSchema = z.object({
  /** A customer's first message ever. */
  opened: z.number().int(),
  /** A customer writing into a conversation an agent had ended. */
  reopened: z.number().int(),
  /** The bot gave the conversation to the agents. */
  handedOff: z.number().int(),
  /** An agent took the conversation from the bot. */
  takenOver: z.number().int(),
  /** An agent ended the conversation. */
  resolved: z.number().int(),
  /** Conversations opened or reopened that no agent took or was handed (so far). */
  botHandled: z.number().int(),
});
export type ConversationCounts = z.infer<typeof conversationCountsSchema>;

/** Conversations with any message in the period; null while a filter is set (kept for the whole install only). */
const activeConversations = z.number().int().nullable();
export const conversationsAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  series: z.array(conversationCountsSchema.extend({ bucket: z.iso.datetime(), active: activeConversations })),
  totals: conversationCountsSchema.extend({ active: activeConversations }),
  /** From the opening (or reopening) to the agent's end, in the end's period; null with the flowId filter (not kept per flow). */
  resolution: responseStatsSchema.nullable(),
});
export type ConversationsAnalytics = z.infer<typeof conversationsAnalyticsSchema>;

/* GET /api/analytics/messages/volume */
const countsBy = z.record(z.string(), z.number().int());
export const messageVolumeSchema = z.object({
  range: analyticsRangeSchema,
  series: z.array(z.object({ bucket: z.iso.datetime(), inbound: z.number().int(), outbound: z.number().int() })),
  totals: z.object({
    inbound: z.number().int(),
    outbound: z.number().int(),
    /** By message type (text, image, template, ...). */
    byType: countsBy,
    /** Outbound by status (pending, sent, delivered, read, failed); a status is the furthest the message got. */
    byStatus: countsBy,
    /** Outbound by who sent it: agent, bot, campaign, api. */
    bySender: countsBy,
  }),
});
export type MessageVolume = z.infer<typeof messageVolumeSchema>;

/* GET /api/analytics/messages/response */
export const responseAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  /** Waiting times within business hours only (the businessHours query and a schedule in Settings). */
  businessHours: z.boolean(),
  /** From the customer's first message, or the bot's handoff, to the first human reply. */
  firstResponse: responseStatsSchema,
  /** From each customer message that waited (the first since the last human reply) to the next human reply. */
  replyTime: responseStatsSchema,
  series: z.array(
    z.object({
      bucket: z.iso.datetime(),
      /** The period's medians, read from the coarser histogram byHourOfWeek's are. */
      firstResponseMedianSeconds: z.number().nullable(),
      replyTimeMedianSeconds: z.number().nullable(),
      /** Human replies sent in the period (messages agents sent). */
      replies: z.number().int(),
    }),
  ),
  /** Per agent who replied, most replies first; empty when narrowed to a phone number (the rollups split by one dimension). */
  byAgent: z.array(
    z.object({ agent: agentSchema, firstResponse: responseStatsSchema, replyTime: responseStatsSchema, replies: z.number().int() }),
  ),
  /**
   * Local day of week (0 Sunday) and hour: how many waits were answered then (exact) and their median reply time, read
   * from a coarser histogram than the other medians (bins ending at 30 s, 1, 5, 15, 30 min, 1, 2, 4, 8 h and a day);
   * all 168 hours, Sunday 0:00 first.
   */
  byHourOfWeek: z.array(
    z.object({
      dayOfWeek: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      count: z.number().int(),
      medianSeconds: z.number().nullable(),
    }),
  ),
});
export type ResponseAnalytics = z.infer<typeof responseAnalyticsSchema>;

/* GET /api/analytics/users/active */
export const activeUsersSchema = z.object({
  range: analyticsRangeSchema,
  /** Distinct customers who wrote, agents who replied, and conversations with a message, in each interval. */
  series: z.array(
    z.object({ bucket: z.iso.datetime(), customers: z.number().int(), agents: z.number().int(), conversations: z.number().int() }),
  ),
});
export type ActiveUsers = z.infer<typeof activeUsersSchema>;

/* GET /api/analytics/users/retention */
export const retentionSchema = z.object({
  range: analyticsRangeSchema,
  /** Customers by the local week (Monday) of their first message; weeks[k] is how many of them wrote k weeks later. */
  cohorts: z.array(
    z.object({
      cohortWeek: z.iso.date(),
      customers: z.number().int(),
      /** Week 0 (the cohort's own) to the range's last week; rate is active of customers, 0–100. */
      weeks: z.array(z.object({ week: z.number().int(), active: z.number().int(), rate: z.number() })),
    }),
  ),
});
export type Retention = z.infer<typeof retentionSchema>;

/* GET /api/analytics/engagement */
const engagementCountsSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  /** Sends the customer answered within 24 hours. */
  replied: z.number().int(),
  /** replied of delivered, 0–100. */
  replyRate: z.number(),
});
export const engagementSchema = z.object({
  range: analyticsRangeSchema,
  /** Every template message the business sent, campaigns' included. */
  templates: engagementCountsSchema,
  /** Campaign sends (template messages too). */
  campaigns: engagementCountsSchema,
  /** Template sends (campaigns' included) per period, and those replied. */
  series: z.array(z.object({ bucket: z.iso.datetime(), sent: z.number().int(), replied: z.number().int() })),
  /** Most sends first; empty when narrowed to a campaign. */
  byTemplate: z.array(engagementCountsSchema.extend({ templateName: z.string() })),
  byCampaign: z.array(engagementCountsSchema.extend({ campaign: z.object({ id: z.number().int(), name: z.string() }) })),
});
export type Engagement = z.infer<typeof engagementSchema>;

/* GET /api/analytics/sentiment */
const sentimentCountsSchema = z.object({
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
  /** The mean score, -1 to 1; null with no scored message. */
  averageScore: z.number().nullable(),
});
export const accuracySetSchema = z.object({
  name: z.string(),
  language: z.string(),
  size: z.number().int(),
  /** Share of the set's messages the scorer labels as people did, 0–1. */
  accuracy: z.number(),
});
export type AccuracySet = z.infer<typeof accuracySetSchema>;
export const sentimentAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  totals: sentimentCountsSchema,
  series: z.array(sentimentCountsSchema.extend({ bucket: z.iso.datetime() })),
  /** Up to 10 conversations with the most of the range's latest negative messages, then the lowest average score. */
  mostNegative: z.array(
    z.object({
      conversationId: z.number().int(),
      phone: z.string(),
      name: z.string().nullable(),
      negativeMessages: z.number().int(),
      averageScore: z.number(),
      lastNegativeAt: z.iso.datetime(),
    }),
  ),
  /** The words behind the range's negative scores (lower case, without accents; a turned word with its negation), in how many messages, most first: up to 20. */
  negativeWords: z.array(z.object({ word: z.string(), count: z.number().int() })),
  accuracy: z.object({
    statement: z.string(),
    sets: z.array(accuracySetSchema),
    /** People's corrections: how many, and how often the scorer had agreed with them (0–1, null with none). */
    corrections: z.object({ count: z.number().int(), agreement: z.number().nullable() }),
  }),
});
export type SentimentAnalytics = z.infer<typeof sentimentAnalyticsSchema>;

/** PUT /api/agent/messages/{id}/sentiment: a person's label for a customer's message. */
export const correctSentimentBodySchema = z.object({ label: sentimentLabelSchema });
export type CorrectSentimentBody = z.infer<typeof correctSentimentBodySchema>;

/* GET /api/analytics/activity/daily */
export const dailyActivitySchema = z.object({
  range: analyticsRangeSchema,
  /** One row per local day of the range, days without activity included. */
  days: z.array(
    z.object({
      date: z.iso.date(),
      messagesIn: z.number().int(),
      messagesOut: z.number().int(),
      conversationsOpened: z.number().int(),
      resolved: z.number().int(),
      /** Distinct customers who wrote and agents who replied that day; null while a filter is set. */
      customers: z.number().int().nullable(),
      agents: z.number().int().nullable(),
    }),
  ),
});
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

const spendFigure = { messages: z.number().int(), total: z.number().nullable() };

/**
 * GET /api/analytics/spend: what the business's billable messages cost (Meta's pricing of each, at the rates of
 * Settings → Message prices, in the app's currency), per interval, pricing category and campaign.
 */
export const spendAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  currency: z.string(),
  /** The billable messages priced by the table; null when none could be. */
  total: z.number().nullable(),
  billable: z.number().int(),
  /** Billable messages whose market and category have no rate: counted, not priced. */
  unpriced: z.number().int(),
  series: z.array(z.object({ start: z.iso.datetime(), ...spendFigure })),
  byCategory: z.array(z.object({ category: z.string(), ...spendFigure })),
  byCampaign: z.array(z.object({ campaignId: z.number().int().nullable(), name: z.string().nullable(), ...spendFigure })),
});
export type SpendAnalytics = z.infer<typeof spendAnalyticsSchema>;
