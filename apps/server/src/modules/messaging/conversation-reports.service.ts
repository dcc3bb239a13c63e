import { Readable } from 'node:stream';
import type { SessionState } from '@wac/contract/agent-sessions';
import { paginationOf } from '@wac/contract/common';
import type { ConversationReportQuery, ConversationReportRow as ReportRow } from '@wac/contract/conversation-reports';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { type CsvCell, toCsv } from '../../lib/csv.ts';
import { usernamesByIds } from '../accounts/index.ts';
import {
  type ConversationDetailsRow,
  type ConversationReportFilter,
  type ConversationReportRow,
  conversationDetails,
  conversationHolders,
  conversationReportPage,
  conversationReportPages,
} from './conversation-reports.repository.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const isoOf = (d: Date) => new Date(d).toISOString();
/** Scores are stored as 4-byte reals: three decimals is what they hold. */
const roundScore = (score: number) => Math.round(score * 1000) / 1000;

/** Rows with their page's details and the names of the agents they mention, read in one query for the page. */
async function toReportRows(db: Db, rows: ConversationReportRow[], details: ConversationDetailsRow[]): Promise<ReportRow[]> {
  const detailsOf = new Map(details.map((d) => [d.conversation_id, d]));
  const userIds = new Set<number>();
  for (const id of [...rows.map((r) => r.holder_id), ...details.flatMap((d) => [d.first_agent_id, d.ended_by])]) {
    if (id !== null) userIds.add(id);
  }
  const names = await usernamesByIds(db, [...userIds]);
  const userRef = (id: number | null) => {
    const username = id === null ? undefined : names.get(id);
    return id !== null && username !== undefined ? { id, username } : null;
  };
  return rows.map((r) => {
    const d = detailsOf.get(r.conversation_id);
    return {
      conversationId: r.conversation_id,
      contact: { id: r.contact_id, name: r.name, phone: r.phone, waId: r.wa_id, bsuid: r.bsuid, username: r.username },
      messages: r.messages,
      inbound: r.inbound,
      outbound: r.outbound,
      failed: r.failed,
      firstMessageAt: iso(r.first_at),
      lastMessageAt: iso(r.last_at),
      sessionState: r.session_state as SessionState,
      agent: userRef(r.holder_id),
      sentiment: { averageScore: r.sentiment_average === null ? null : roundScore(r.sentiment_average), negativeMessages: r.negative },
      firstResponse:
        d?.first_seconds != null && d.first_replied_at
          ? {
              seconds: d.first_seconds,
              businessSeconds: d.first_business_seconds,
              repliedAt: isoOf(d.first_replied_at),
              agent: userRef(d.first_agent_id),
            }
          : null,
      resolution:
        d?.ended_at && d.started_at
          ? {
              seconds: Math.round((new Date(d.ended_at).getTime() - new Date(d.started_at).getTime()) / 1000),
              startedAt: isoOf(d.started_at),
              endedAt: isoOf(d.ended_at),
              agent: userRef(d.ended_by),
            }
          : null,
    };
  });
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
  'Agent',
  'Average sentiment',
  'Negative messages',
  'First response (s)',
  'First response within business hours (s)',
  'First response by',
  'Resolution (s)',
  'Resolved at (UTC)',
  'Resolved by',
];

function csvRow(r: ReportRow): CsvCell[] {
  return [
    r.conversationId,
    r.contact.name,
    r.contact.phone ?? r.contact.bsuid,
    r.messages,
    r.inbound,
    r.outbound,
    r.failed,
    r.firstMessageAt,
    r.lastMessageAt,
    r.sessionState,
    r.agent?.username ?? null,
    r.sentiment.averageScore,
    r.sentiment.negativeMessages,
    r.firstResponse?.seconds ?? null,
    r.firstResponse?.businessSeconds ?? null,
    r.firstResponse?.agent?.username ?? null,
    r.resolution?.seconds ?? null,
    r.resolution?.endedAt ?? null,
    r.resolution?.agent?.username ?? null,
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
  /** Whether the licence has advancedReports: the per-conversation response and resolution times need it. */
  showsTimes: () => Promise<boolean>;
  /** Rows per page an export reads (tests make it small). */
  exportPageSize?: number;
}

export function createConversationReportsService({
  database,
  timezone,
  showsTimes,
  exportPageSize = EXPORT_PAGE_SIZE,
}: ConversationReportsDeps) {
  const { db, pool } = database;
  async function filterOf(query: ConversationReportQuery): Promise<ConversationReportFilter> {
    const { startDate, endDate, search, agentId, sessionState, sentiment } = query;
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
      agentId,
      sessionState,
      negativeOnly: sentiment === 'negative',
    };
  }

  return {
    async report(query: ConversationReportQuery) {
      const filter = await filterOf(query);
      const { rows, totals } = await conversationReportPage(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit });
      const details = await conversationDetails(
        db,
        rows.map((r) => r.conversation_id),
        filter,
      );
      const reportRows = await toReportRows(db, rows, details);
      return {
        rows: (await showsTimes()) ? reportRows : reportRows.map((row) => ({ ...row, firstResponse: null, resolution: null })),
        totals,
        pagination: paginationOf(query.page, query.limit, totals.conversations),
      };
    },

    /** The agents the report can be filtered by: those holding a conversation now. */
    async agents() {
      return { agents: await conversationHolders(db) };
    },

    /**
     * Every row as CSV (lib/csv.ts: quoted, formula-safe, BOM), written page by page as the client reads it: the next
     * page is fetched only once the previous one has been taken.
     */
    async exportCsv(query: ConversationReportQuery): Promise<{ filename: string; csv: Readable }> {
      const filter = await filterOf(query);
      // toCsv is the one encoder: a page is its output past the BOM and header line it always starts with.
      const preamble = toCsv(CSV_HEADER, []);
      async function* chunks() {
        yield preamble;
        for await (const page of conversationReportPages(pool, filter, exportPageSize)) {
          const rows = await toReportRows(db, page.rows, page.details);
          yield toCsv(CSV_HEADER, rows.map(csvRow)).slice(preamble.length);
        }
      }
      const filename = `conversations-${query.startDate ?? 'all'}-${query.endDate ?? 'now'}.csv`;
      return { filename, csv: Readable.from(chunks(), { objectMode: false }) };
    },
  };
}

export type ConversationReportsService = ReturnType<typeof createConversationReportsService>;
