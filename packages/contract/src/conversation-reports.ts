import { z } from 'zod';
import { sessionStateSchema } from './agent-sessions.ts';
import { contactSchema } from './chat.ts';
import { pageQuery, paginationSchema } from './common.ts';

/** GET /api/reports/conversations and /api/reports/conversations/export (CSV): conversations active in the range. */
export const conversationReportQuerySchema = z.object({
  ...pageQuery(25, 200),
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
  search: z.string().trim().max(100).optional(),
});

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
});

export const conversationReportResponseSchema = z.object({
  rows: z.array(conversationReportRowSchema),
  totals: z.object({
    conversations: z.number().int(),
    messages: z.number().int(),
    inbound: z.number().int(),
    outbound: z.number().int(),
    failed: z.number().int(),
  }),
  pagination: paginationSchema,
});
