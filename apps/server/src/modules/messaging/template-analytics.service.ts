import { paginationOf } from '@wac/contract/common';
import type { TemplateMessageRow, TemplateMessagesQuery } from '@wac/contract/template-analytics';
import type { MessageStatus } from '@wac/contract/whatsapp-messages';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { localDayStart } from '../analytics/index.ts';
import { type TemplateMessageRow as Row, type TemplateRange, templateMessagesPage } from './template-analytics.repository.ts';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toMessageRow(r: Row, campaigns: Awaited<ReturnType<CampaignsOfSends>>): TemplateMessageRow {
  const failed = r.error_code !== null || r.error_title !== null;
  return {
    id: r.id,
    conversationId: r.conversation_id,
    wamid: r.wamid,
    templateName: r.template_name,
    language: r.language,
    recipient: { phone: r.phone, name: r.name },
    status: r.status as MessageStatus,
    timestamp: new Date(r.timestamp).toISOString(),
    sentAt: iso(r.sent_at),
    deliveredAt: iso(r.delivered_at),
    readAt: iso(r.read_at),
    failedAt: iso(r.failed_at),
    error: failed ? { code: r.error_code, title: r.error_title, details: r.error_details } : null,
    sender: r.user_id !== null && r.username ? { id: r.user_id, username: r.username } : null,
    campaign: (r.wamid && campaigns.get(r.wamid)) || null,
  };
}

/** The campaign that sent each of these template messages that one did, by wamid (campaigns answer it). */
export type CampaignsOfSends = (wamids: readonly string[]) => Promise<Map<string, { id: string; name: string }>>;

export interface TemplateAnalyticsDeps {
  db: Db;
  /** app.timezone: the analytics' days. */
  timezone: () => Promise<string>;
  campaignsOfSends: CampaignsOfSends;
}

/**
 * The template messages behind the template analytics, paged: dates are whole days in the app's timezone (endDate
 * inclusive), date-times are taken as given; with neither, the last 30 days. (The counts are the analytics domain's.)
 */
export function createTemplateAnalyticsService({ db, timezone, campaignsOfSends }: TemplateAnalyticsDeps) {
  async function rangeOf(query: { startDate?: string; endDate?: string }, tz: string): Promise<TemplateRange> {
    const bound = async (value: string, nextDay: boolean) => {
      if (!isDateOnly(value)) return new Date(value);
      return localDayStart(db, value, nextDay, tz);
    };
    const to = query.endDate ? await bound(query.endDate, true) : new Date();
    const from = query.startDate ? await bound(query.startDate, false) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
    if (from >= to) {
      throw badRequest('startDate must be before endDate (query startDate)', [{ field: 'startDate', message: 'must be before endDate' }]);
    }
    return { from, to };
  }

  return {
    async messages(query: TemplateMessagesQuery) {
      const range = await rangeOf(query, await timezone());
      const { rows, total } = await templateMessagesPage(db, range, query);
      const campaigns = await campaignsOfSends(rows.flatMap((row) => (row.user_id === null && row.wamid ? [row.wamid] : [])));
      return { messages: rows.map((row) => toMessageRow(row, campaigns)), pagination: paginationOf(query.page, query.limit, total) };
    },
  };
}

export type TemplateAnalyticsService = ReturnType<typeof createTemplateAnalyticsService>;
