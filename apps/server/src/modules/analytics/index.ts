/**
 * Analytics: reports and dashboards' figures read from rollups, and the sentiment of customers' messages.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */

export { type AnalyticsJobsDeps, registerAnalyticsJobs } from './analytics.jobs.ts';
export { type AnalyticsDeps, registerAnalytics } from './analytics.plugin.ts';
export { localDayStart } from './analytics-range.ts';
export { deleteKeepingCounts, type LosingConversations } from './rollups/kept-counts.ts';
export type { RollupSettings } from './rollups/recompute-buckets.ts';
export { freezeBucketsBefore, rollupSettings } from './rollups/run-rollups.ts';
export type { SentimentLanguage } from './sentiment/detect-language.ts';
export { type Sentiment, type SentimentLabel, scoreSentiment } from './sentiment/score-sentiment.ts';
