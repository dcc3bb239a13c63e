import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ConversationsAnalytics,
  Engagement,
  MessageVolume,
  ReportSummary,
  ResponseAnalytics,
  Retention,
  SentimentAnalytics,
} from '@wac/contract/analytics';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardFilter, type DashboardFilterName, filterNotice } from '../../../ui/dashboard/dashboard-filter';
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

/**
 * The filters each endpoint takes (the dimensions its figures are kept by), as the server's README table and OpenAPI
 * document list them: any other is a 400, so a dashboard says so in the card instead of asking.
 */
export const analyticsFilters: Record<AnalyticsPath, readonly DashboardFilterName[]> = {
  [analyticsPaths.summary]: ['agentId', 'phoneNumberId'],
  [analyticsPaths.conversations]: ['agentId', 'phoneNumberId', 'flowId'],
  [analyticsPaths.volume]: ['agentId', 'campaignId', 'phoneNumberId'],
  [analyticsPaths.response]: ['agentId', 'phoneNumberId'],
  [analyticsPaths.retention]: [],
  [analyticsPaths.engagement]: ['campaignId'],
  [analyticsPaths.sentiment]: ['agentId', 'phoneNumberId'],
};

/** What a card of this endpoint says instead of figures the filter cannot narrow; null when it can. */
export const unfiltered = (path: AnalyticsPath, filter: DashboardFilter | null) => filterNotice(filter, analyticsFilters[path]);

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
