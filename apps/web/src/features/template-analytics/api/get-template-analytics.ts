import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TemplateAnalyticsInterval, TemplateAnalyticsResponse } from '@wac/contract/template-analytics';
import { apiRequest } from '../../../lib/api-client';
import { MAX_LINES } from '../components/analytics-series';

export interface AnalyticsRange {
  /** YYYY-MM-DD, whole days in the app's timezone. */
  startDate: string;
  endDate: string;
}

export function useTemplateAnalytics(range: AnalyticsRange, interval: TemplateAnalyticsInterval, enabled: boolean) {
  return useQuery({
    queryKey: ['template-analytics', 'summary', range, interval],
    queryFn: ({ signal }) =>
      apiRequest<TemplateAnalyticsResponse>('/api/analytics/templates', { query: { ...range, interval, top: MAX_LINES }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
