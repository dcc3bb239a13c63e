import type { SessionState } from '@wac/contract/agent-sessions';
import { paginationOf } from '@wac/contract/common';
import type { conversationReportQuerySchema, conversationReportRowSchema } from '@wac/contract/conversation-reports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import {
  type ConversationReportFilter,
  type ConversationReportRow,
  conversationReportAll,
  conversationReportPage,
} from './conversation-reports.repository.ts';

type ReportQuery = z.infer<typeof conversationReportQuerySchema>;
type ReportRow = z.infer<typeof conversationReportRowSchema>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toReportRow(r: ConversationReportRow): ReportRow {
  return {
    conversationId: r.conversation_id,
    contact: { id: r.contact_id, name: r.name, phone: r.phone, waId: r.wa_id },
    messages: r.messages,
    inbound: r.inbound,
    outbound: r.outbound,
    failed: r.failed,
    firstMessageAt: iso(r.first_at),
    lastMessageAt: iso(r.last_at),
    sessionState: r.session_state as SessionState,
  };
}

const CSV_HEADER = [
  'Conversation ID',
  'Contact name',
  'Phone',
  'Messages',
  'Inbound',
  'Outbound',
  'Failed',
  'First message (UTC)',
  'Last message (UTC)',
  'Session state',
];

/**
 * Conversation activity over a date range. The dates are whole days in the app's timezone setting
 * (start at its midnight, end through the following midnight); either end may be left open.
 */
export function createConversationReportsService(db: Db, timezone: () => Promise<string>) {
  async function filterOf(query: ReportQuery): Promise<ConversationReportFilter> {
    const { startDate, endDate, search } = query;
    if (startDate && endDate && startDate > endDate) {
      throw badRequest('startDate must be on or before endDate (query startDate)', [
        { field: 'startDate', message: 'must be on or before endDate' },
      ]);
    }
    const tz = await timezone();
    return {
      from: startDate ? sql`(${startDate}::date)::timestamp AT TIME ZONE ${tz}` : null,
      to: endDate ? sql`(${endDate}::date + 1)::timestamp AT TIME ZONE ${tz}` : null,
      search: search || undefined,
    };
  }

  return {
    async report(query: ReportQuery) {
      const { rows, totals } = await conversationReportPage(db, await filterOf(query), {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { rows: rows.map(toReportRow), totals, pagination: paginationOf(query.page, query.limit, totals.conversations) };
    },

    async exportCsv(query: ReportQuery): Promise<{ filename: string; csv: string }> {
      const rows = (await conversationReportAll(db, await filterOf(query))).map(toReportRow);
      const csv = toCsv(
        CSV_HEADER,
        rows.map((r) => [
          r.conversationId,
          r.contact.name,
          r.contact.phone,
          r.messages,
          r.inbound,
          r.outbound,
          r.failed,
          r.firstMessageAt,
          r.lastMessageAt,
          r.sessionState,
        ]),
      );
      return { filename: `conversations-${query.startDate ?? 'all'}-${query.endDate ?? 'now'}.csv`, csv };
    },
  };
}

export type ConversationReportsService = ReturnType<typeof createConversationReportsService>;
