import type { MessageRate } from '@wac/contract/pricing';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { assertGated } from './analytics-licence.ts';

import { metricsRoutes } from './metrics.routes.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';
import { templateAnalyticsRoutes } from './template-analytics.routes.ts';
import { createTemplateAnalyticsService } from './template-analytics.service.ts';

export interface AnalyticsDeps {
  db: Db;
  /** app.timezone: the local periods every figure is read in. */
  appTimezone: () => Promise<string>;
  /** Campaigns' names by id (campaigns answer it): engagement per campaign. */
  campaignNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** The business's message rates (pricing answers them): spend. */
  rates: () => Promise<{ currency: string; rates: MessageRate[] }>;
}

/**
 * Reports and analytics (spec 7): every endpoint for signed-in users, each behind the licence feature analytics-licence.ts
 * gives it (checked at start), every figure read from the rollups.
 */
export async function registerAnalytics(app: FastifyInstance, deps: AnalyticsDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', scope.requireUser);
    scope.addHook('onRoute', assertGated);
    await scope.register(reportsRoutes, { reports: createReportsService(deps) });
    await scope.register(templateAnalyticsRoutes, { analytics: createTemplateAnalyticsService(deps) });
    await scope.register(metricsRoutes, deps);
  });
}
