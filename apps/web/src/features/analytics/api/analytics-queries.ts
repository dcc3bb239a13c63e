import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  analyticsEndpointFilters,
  type ConversationsAnalytics,
  type Engagement,
  type MessageVolume,
  type ReportSummary,
  type ResponseAnalytics,
  type Retention,
  type SentimentAnalytics,
} from '@wac/contract/analytics';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardFilter, filterNotice } from '../../../ui/dashboard/dashboard-filter';
import type { DashboardRange } from '../../../ui/dashboard/dashboard-range';

/** The analytics endpoints the dashboards read (spec 7), all taking startDate, endDate and interval. */
export const analyticsPaths = {
  summary: '/api/reports/summary',
  conversations: '/api/analytics/conversations',
  volume: '/api/analytics/messages/volume',
  response: '/api/analytics/messages/response',
  retention: '/api/analytics/users/retention',
  engagement: '/api/analytics/engagement',
  sentiment: '/api/analytics/sentiment',
} as const;
export type AnalyticsPath = (typeof analyticsPaths)[keyof typeof analyticsPaths];

/** What a card of this endpoint says instead of figures the filter cannot narrow; null when it can. */
export const unfiltered = (path: AnalyticsPath, filter: DashboardFilter | null) => filterNotice(filter, analyticsEndpointFilters[path]);

export const analyticsKeys = {
  all: ['analytics'] as const,
  of: (path: AnalyticsPath, range: DashboardRange, filter: DashboardFilter | null = null) => ['analytics', path, range, filter] as const,
};

/** The endpoint's figures for the range and the filter; not asked for at all when the endpoint does not take the filter. */
function useAnalytics<T>(path: AnalyticsPath, range: DashboardRange, filter: DashboardFilter | null, enabled: boolean) {
  const takesFilter = unfiltered(path, filter) === null;
  return useQuery({
    queryKey: analyticsKeys.of(path, range, filter),
    queryFn: ({ signal }) => apiRequest<T>(path, { query: { ...range, ...(filter && { [filter.name]: filter.value }) }, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && takesFilter,
  });
}

type Use<T> = (range: DashboardRange, filter: DashboardFilter | null, enabled: boolean) => ReturnType<typeof useAnalytics<T>>;
export const useReportSummary: Use<ReportSummary> = (range, filter, enabled) =>
  useAnalytics(analyticsPaths.summary, range, filter, enabled);
export const useConversationsAnalytics: Use<ConversationsAnalytics> = (range, filter, enabled) =>
  useAnalytics(analyticsPaths.conversations, range, filter, enabled);
export const useMessageVolume: Use<MessageVolume> = (range, filter, enabled) => useAnalytics(analyticsPaths.volume, range, filter, enabled);
export const useResponseAnalytics: Use<ResponseAnalytics> = (range, filter, enabled) =>
  useAnalytics(analyticsPaths.response, range, filter, enabled);
export const useRetention: Use<Retention> = (range, filter, enabled) => useAnalytics(analyticsPaths.retention, range, filter, enabled);
export const useEngagement: Use<Engagement> = (range, filter, enabled) => useAnalytics(analyticsPaths.engagement, range, filter, enabled);
export const useSentimentAnalytics: Use<SentimentAnalytics> = (range, filter, enabled) =>
  useAnalytics(analyticsPaths.sentiment, range, filter, enabled);
