import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SessionState } from '@wac/contract/agent-sessions';
import type { conversationReportResponseSchema } from '@wac/contract/conversation-reports';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ConversationReport = z.infer<typeof conversationReportResponseSchema>;

export interface ReportFilters {
  /** YYYY-MM-DD, whole days in the app's timezone. */
  startDate: string;
  endDate: string;
  search: string;
  /** The holder's user id, as digits; '' for any. */
  agentId: string;
  sessionState: SessionState | '';
  /** 'negative': only conversations with a negative message in the range. */
  sentiment: 'negative' | '';
}

/** The query string shared by the report, its CSV export and the page's address; blanks are left out. */
export function reportQueryParams(filters: ReportFilters): Record<string, string> {
  const search = filters.search.trim();
  const params: Record<string, string> = {};
  for (const key of ['startDate', 'endDate', 'agentId', 'sessionState', 'sentiment'] as const) {
    if (filters[key]) params[key] = filters[key];
  }
  if (search) params.search = search;
  return params;
}

export function useConversationReport(filters: ReportFilters, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'conversations', filters, page, limit],
    queryFn: ({ signal }) =>
      apiRequest<ConversationReport>('/api/reports/conversations', { query: { ...reportQueryParams(filters), page, limit }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
