import type { AnalyticsQuery } from '@wac/contract/analytics';
import type { MessageRate } from '@wac/contract/pricing';
import type { Db } from '../../db/database.ts';
import { activeUsers, retention } from './active-users.ts';
import { engagement } from './engagement.ts';
import { responseAnalytics } from './response-times.ts';
import { createSentimentAnalytics } from './sentiment-analytics.service.ts';
import { spendAnalytics } from './spend.ts';

export interface MetricsDeps {
  db: Db;
  /** Campaigns' names by id (campaigns' public face): engagement per campaign. */
  campaignNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** app.timezone, read at each request: the local periods every answer is cut in. */
  appTimezone: () => Promise<string>;
  /** The business's message rates (pricing domain): what spend is priced at. */
  rates: () => Promise<{ currency: string; rates: MessageRate[] }>;
}

/** The metrics dashboard's answers (response times, active users, retention, engagement) and the sentiment dashboard's. */
export function createMetricsService(deps: MetricsDeps) {
  const sentiment = createSentimentAnalytics(deps);
  return {
    response: (query: AnalyticsQuery) => responseAnalytics(deps, query),
    activeUsers: (query: AnalyticsQuery) => activeUsers(deps, query),
    retention: (query: AnalyticsQuery) => retention(deps, query),
    engagement: (query: AnalyticsQuery) => engagement(deps, query),
    spend: (query: AnalyticsQuery) => spendAnalytics(deps, query),
    sentiment,
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
