import { z } from 'zod';
import { sessionStateSchema } from './agent-sessions.ts';
import { contactSchema } from './chat.ts';
import { pageQuery, paginationSchema } from './common.ts';

/** The largest PostgreSQL integer: a larger id is bad input, not a database error. */
const MAX_ID = 2_147_483_647;

/** The sentiment filter: conversations with at least one negative message in the range. */
export const conversationSentimentFilters = ['negative'] as const;

/** GET /api/reports/conversations and /api/reports/conversations/export (CSV): conversations active in the range. */
export const conversationReportQuerySchema = z.object({
  ...pageQuery(25, 200),
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
  search: z.string().trim().max(100).optional(),
  /** Only conversations this agent holds now (an unknown agent holds none). */
  agentId: z.coerce
    .number({ error: 'agentId must be a number' })
    .int('agentId must be a whole number')
    .positive('agentId must be positive')
    .max(MAX_ID, 'agentId is too large')
    .optional(),
  /** Only conversations in this state now. */
  sessionState: sessionStateSchema.optional(),
  /** `negative`: only conversations with a negative message in the range. */
  sentiment: z.enum(conversationSentimentFilters, { error: 'sentiment must be negative' }).optional(),
});
export type ConversationReportQuery = z.infer<typeof conversationReportQuerySchema>;

const userRefSchema = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const conversationReportRowSchema = z.object({
  conversationId: z.number().int(),
  contact: contactSchema,
  messages: z.number().int(),
  inbound: z.number().int(),
  outbound: z.number().int(),
  failed: z.number().int(),
  firstMessageAt: z.iso.datetime().nullable(),
  lastMessageAt: z.iso.datetime().nullable(),
  sessionState: sessionStateSchema,
  /** The agent holding the conversation now (null while the bot holds it or once it ended). */
  agent: userRefSchema,
  /** The customers' messages in the range as scored: their mean score (-1..1, null when none is scored) and how many read negative. */
  sentiment: z.object({ averageScore: z.number().nullable(), negativeMessages: z.number().int() }),
  /**
   * The first first-response of the range: from the customer's first message of an opening or reopening (or the bot's
   * handoff) to the first human reply, as the analytics measure it; null when no such reply falls in the range.
   */
  firstResponse: z
    .object({
      seconds: z.number().int(),
      /** The same wait within business hours (Settings); null when they were off. */
      businessSeconds: z.number().int().nullable(),
      repliedAt: z.iso.datetime(),
      agent: userRefSchema,
    })
    .nullable(),
  /**
   * Its last end in the range (a change of its session to ended), measured from that episode's start: the customer's
   * first message, or their return after the previous end. Null when it was not ended in the range.
   */
  resolution: z
    .object({
      seconds: z.number().int(),
      startedAt: z.iso.datetime(),
      endedAt: z.iso.datetime(),
      agent: userRefSchema,
    })
    .nullable(),
});
export type ConversationReportRow = z.infer<typeof conversationReportRowSchema>;

export const conversationReportResponseSchema = z.object({
  rows: z.array(conversationReportRowSchema),
  totals: z.object({
    conversations: z.number().int(),
    messages: z.number().int(),
    inbound: z.number().int(),
    outbound: z.number().int(),
    failed: z.number().int(),
    negative: z.number().int(),
  }),
  pagination: paginationSchema,
});

/** GET /api/reports/conversations/agents: the agents holding a conversation now, by name (the report's agent filter). */
export const conversationReportAgentsResponseSchema = z.object({
  agents: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
