import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { conversationReportResponseSchema } from '@wac/contract/conversation-reports';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ConversationReport = z.infer<typeof conversationReportResponseSchema>;

export interface ReportFilters {
  /** YYYY-MM-DD, whole days in the app's timezone. */
  startDate: string;
  endDate: string;
  search: string;
}

/** The query string shared by the report and its CSV export; blanks are left out. */
export function reportQueryParams(filters: ReportFilters): Record<string, string> {
  const search = filters.search.trim();
  return {
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.endDate ? { endDate: filters.endDate } : {}),
    ...(search ? { search } : {}),
  };
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
