import { errorBodySchema } from '@wac/contract/errors';
import { templateMessagesQuerySchema, templateMessagesResponseSchema } from '@wac/contract/template-analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TemplateAnalyticsService } from '../messaging/index.ts';

const tags = ['Analytics'];

/**
 * Spec 7 "Reports and analytics": the paged template messages behind the template analytics (whose counts the analytics
 * domain reads from its rollups), for everyone signed in.
 */
export const templateAnalyticsRoutes: FastifyPluginAsyncZod<{ analytics: TemplateAnalyticsService }> = async (app, { analytics }) => {
  app.addHook('onRequest', app.requireUser);
  const config = { license: { feature: 'analytics' as const } };

  app.get(
    '/api/analytics/templates/messages',
    {
      config,
      schema: { tags, querystring: templateMessagesQuerySchema, response: { 200: templateMessagesResponseSchema, 400: errorBodySchema } },
    },
    (request) => analytics.messages(request.query),
  );
};
