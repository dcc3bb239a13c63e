import { Readable } from 'node:stream';
import type { SessionState } from '@wac/contract/agent-sessions';
import { paginationOf } from '@wac/contract/common';
import type { conversationReportQuerySchema, conversationReportRowSchema } from '@wac/contract/conversation-reports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { type CsvCell, toCsv } from '../../lib/csv.ts';
import {
  type ConversationReportFilter,
  type ConversationReportRow,
  conversationReportPage,
  conversationReportPages,
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

function csvRow(r: ReportRow): CsvCell[] {
  return [
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
  ];
}

/** Rows the CSV export reads and writes at a time, however many the report has. */
export const EXPORT_PAGE_SIZE = 1_000;

/**
 * Conversation activity over a date range. The dates are whole days in the app's timezone setting
 * (start at its midnight, end through the following midnight); either end may be left open.
 */
export interface ConversationReportsDeps {
  database: Pick<Database, 'db' | 'pool'>;
  /** app.timezone: the reports' days. */
  timezone: () => Promise<string>;
  /** Rows per page an export reads (tests make it small). */
  exportPageSize?: number;
}

export function createConversationReportsService({ database, timezone, exportPageSize = EXPORT_PAGE_SIZE }: ConversationReportsDeps) {
  const { db, pool } = database;
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

    /**
     * Every row as CSV (lib/csv.ts: quoted, formula-safe, BOM), written page by page as the client reads it: the next
     * page is fetched only once the previous one has been taken.
     */
    async exportCsv(query: ReportQuery): Promise<{ filename: string; csv: Readable }> {
      const filter = await filterOf(query);
      // toCsv is the one encoder: a page is its output past the BOM and header line it always starts with.
      const preamble = toCsv(CSV_HEADER, []);
      async function* chunks() {
        yield preamble;
        for await (const page of conversationReportPages(pool, filter, exportPageSize)) {
          yield toCsv(
            CSV_HEADER,
            page.map((row) => csvRow(toReportRow(row))),
          ).slice(preamble.length);
        }
      }
      const filename = `conversations-${query.startDate ?? 'all'}-${query.endDate ?? 'now'}.csv`;
      return { filename, csv: Readable.from(chunks(), { objectMode: false }) };
    },
  };
}

export type ConversationReportsService = ReturnType<typeof createConversationReportsService>;
