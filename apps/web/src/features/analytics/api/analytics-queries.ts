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
type AnalyticsPath = (typeof analyticsPaths)[keyof typeof analyticsPaths];

export const analyticsKeys = {
  all: ['analytics'] as const,
  of: (path: AnalyticsPath, range: DashboardRange) => ['analytics', path, range] as const,
};

function useAnalytics<T>(path: AnalyticsPath, range: DashboardRange, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.of(path, range),
    queryFn: ({ signal }) => apiRequest<T>(path, { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type Use<T> = (range: DashboardRange, enabled: boolean) => ReturnType<typeof useAnalytics<T>>;

export const useReportSummary: Use<ReportSummary> = (range, enabled) => useAnalytics(analyticsPaths.summary, range, enabled);
export const useConversationsAnalytics: Use<ConversationsAnalytics> = (range, enabled) =>
  useAnalytics(analyticsPaths.conversations, range, enabled);
export const useMessageVolume: Use<MessageVolume> = (range, enabled) => useAnalytics(analyticsPaths.volume, range, enabled);
export const useResponseAnalytics: Use<ResponseAnalytics> = (range, enabled) => useAnalytics(analyticsPaths.response, range, enabled);
export const useRetention: Use<Retention> = (range, enabled) => useAnalytics(analyticsPaths.retention, range, enabled);
export const useEngagement: Use<Engagement> = (range, enabled) => useAnalytics(analyticsPaths.engagement, range, enabled);
export const useSentimentAnalytics: Use<SentimentAnalytics> = (range, enabled) => useAnalytics(analyticsPaths.sentiment, range, enabled);
