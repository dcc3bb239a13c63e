import type { FeatureKey } from '@wac/contract/plans';
import type { RouteOptions } from 'fastify';

/** Route config of the endpoints behind the licence's analytics feature: the overview, reports, templates, sentiment. */
export const analyticsFeature = { license: { feature: 'analytics' as const } };
/** Route config of the endpoints behind advancedReports: the metrics. */
export const advancedReportsFeature = { license: { feature: 'advancedReports' as const } };

/** Which licence feature each analytics endpoint needs (README "Analytics" says the same). */
export const endpointFeatures: Record<string, FeatureKey> = {
  '/api/reports/summary': 'analytics',
  '/api/analytics/conversations': 'analytics',
  '/api/analytics/messages/volume': 'analytics',
  '/api/analytics/activity/daily': 'analytics',
  '/api/analytics/templates': 'analytics',
  '/api/analytics/sentiment': 'analytics',
  '/api/analytics/messages/response': 'advancedReports',
  '/api/analytics/users/active': 'advancedReports',
  '/api/analytics/users/retention': 'advancedReports',
  '/api/analytics/engagement': 'advancedReports',
  '/api/analytics/spend': 'advancedReports',
};

/**
 * An onRoute check of the analytics scope: a route that does not declare the feature the table gives it stops the
 * server at start, so no analytics endpoint is left ungated.
 */
export function assertGated(route: RouteOptions): void {
  const expected = endpointFeatures[route.url];
  const declared = route.config?.license?.feature;
  if (!expected || declared !== expected) {
    throw new Error(`analytics route ${route.url} must declare the licence feature ${expected ?? '(list it in endpointFeatures)'}`);
  }
}
