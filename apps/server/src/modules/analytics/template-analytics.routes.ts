import { errorBodySchema } from '@wac/contract/errors';
import { templateAnalyticsQuerySchema, templateAnalyticsResponseSchema } from '@wac/contract/template-analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsFeature } from './analytics-licence.ts';
import { oneLine } from './reports.routes.ts';
import type { TemplateAnalyticsService } from './template-analytics.service.ts';

/** Spec 7: template sends per template per period, read from the rollups; the paged messages behind them are the templates domain's. */
export const templateAnalyticsRoutes: FastifyPluginAsyncZod<{ analytics: TemplateAnalyticsService }> = async (app, { analytics }) => {
  app.get(
    '/api/analytics/templates',
    {
      config: analyticsFeature,
      schema: {
        tags: ['Analytics'],
        summary: 'Template messages per template per period: sent, delivered, read, failed',
        description: oneLine(`Dates are whole days in the app's timezone (endDate inclusive); with neither, the last 30 days; at most
731 days and 2000 periods. total: every template message sent from here; sent: accepted by WhatsApp (sent, delivered or
read); delivered: delivered or read; read; failed; the rest are pending. Read from rollups kept per 15-minute bucket.`),
        querystring: templateAnalyticsQuerySchema,
        response: { 200: templateAnalyticsResponseSchema, 400: errorBodySchema },
      },
    },
    (request) => analytics.summary(request.query),
  );
};
