import {
  activeUsersSchema,
  analyticsQuerySchema,
  engagementSchema,
  responseAnalyticsSchema,
  retentionSchema,
  sentimentAnalyticsSchema,
  spendAnalyticsSchema,
} from '@wac/contract/analytics';
import { errorBodySchema } from '@wac/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advancedReportsFeature, analyticsFeature } from './analytics-licence.ts';
import { createMetricsService, type MetricsDeps } from './metrics.service.ts';
import { NEGATIVE_MESSAGES } from './sentiment-analytics.service.ts';

const tags = ['Analytics'];
const RANGE =
  'Dates are whole days in the app’s timezone (endDate inclusive), date-times from the quarter hour they fall on or the ' +
  'next (the range answered says so); the last 30 days by default. ' +
  'Every figure is read from rollups kept per 15-minute bucket, so local days are exact in every timezone. ' +
  'A range over 731 days, an end before the start, bad dates, an unknown interval or more than 2000 buckets is a 400.';
const response = <T>(answer: T) => ({ 200: answer, 400: errorBodySchema });

/**
 * Spec 7 "Reports and analytics": the metrics dashboard's endpoints (licence feature advancedReports) and the
 * sentiment dashboard's (feature analytics), for everyone signed in (the analytics scope asks for the sign-in).
 */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsDeps> = async (app, deps) => {
  const metrics = createMetricsService(deps);

  app.get(
    '/api/analytics/messages/response',
    {
      config: advancedReportsFeature,
      schema: {
        tags,
        summary: 'Response times: first response and reply time',
        description:
          'First response: from the customer’s first message of an episode (their first ever, or their first after an agent ' +
          'ended the conversation), or from the bot’s handoff if the bot handed over before any human reply, to the first human ' +
          'reply (an outbound message an agent sent, templates included). Reply time: from the first customer message since ' +
          'the previous human reply to the next human reply; a first response is also a reply time. Each is counted when the ' +
          'reply is sent, for the agent who sent it. Median and p90 are read from histograms exact to their bin (5 s under a ' +
          'minute, 30 s under 5 min, 1 min under 15, 5 min under an hour, 15 min under 4 h, an hour beyond). byHourOfWeek is ' +
          'the local day of week and hour the replies were sent (the heatmap): each cell’s count is exact. The medians of ' +
          'each period of the series and of each cell are read from a coarser histogram (bins ending at 30 s, 1, 5, 15 and ' +
          '30 min, 1, 2, 4 and 8 h and a day) so that a year of them stays a bounded read. businessHours=true counts only the seconds within the ' +
          'business hours of Settings. Filters: agentId or phoneNumberId (then byAgent is empty). ' +
          RANGE,
        querystring: analyticsQuerySchema,
        response: response(responseAnalyticsSchema),
      },
    },
    (request) => metrics.response(request.query),
  );

  app.get(
    '/api/analytics/users/active',
    {
      config: advancedReportsFeature,
      schema: {
        tags,
        summary: 'Active customers, agents and conversations per interval',
        description:
          'Distinct customers who sent a message, agents who sent a human reply, and conversations with any message, in ' +
          'each local hour, day, week (from Monday) or month. Takes no filter. ' +
          RANGE,
        querystring: analyticsQuerySchema,
        response: response(activeUsersSchema),
      },
    },
    (request) => metrics.activeUsers(request.query),
  );

  app.get(
    '/api/analytics/users/retention',
    {
      config: advancedReportsFeature,
      schema: {
        tags,
        summary: 'Customers returning week over week, as cohorts',
        description:
          'One cohort per local week (from Monday) of the range: the customers whose first message ever fell in it, and for ' +
          'each week since (0 being their first) up to the range’s last week, how many of them wrote and their share in ' +
          'percent. Takes no filter. ' +
          RANGE,
        querystring: analyticsQuerySchema,
        response: response(retentionSchema),
      },
    },
    (request) => metrics.retention(request.query),
  );

  app.get(
    '/api/analytics/engagement',
    {
      config: advancedReportsFeature,
      schema: {
        tags,
        summary: 'Template and campaign sends: delivered, read, replied',
        description:
          'Every template message the business sent counts as a template send, a campaign’s among them also as a campaign ' +
          'send, in the bucket it was sent. A send is replied when the customer wrote in that conversation within 24 hours ' +
          'after it; the reply rate is replied of delivered, in percent. Filter: campaignId (then byTemplate is empty). ' +
          RANGE,
        querystring: analyticsQuerySchema,
        response: response(engagementSchema),
      },
    },
    (request) => metrics.engagement(request.query),
  );

  app.get(
    '/api/analytics/spend',
    {
      config: advancedReportsFeature,
      schema: {
        tags,
        summary: 'What the billable messages cost, per interval, pricing category and campaign',
        description:
          'Read from the pricing Meta reports in each message’s status webhooks (billable, category, market: the customer’s ' +
          'country) at the rates of Settings → Message prices, in the app’s currency; messages of a market and category with ' +
          'no rate are counted in unpriced, not priced. Filters: campaignId, phoneNumberId. ' +
          RANGE,
        querystring: analyticsQuerySchema,
        response: response(spendAnalyticsSchema),
      },
    },
    (request) => metrics.spend(request.query),
  );

  app.get(
    '/api/analytics/sentiment',
    {
      config: analyticsFeature,
      schema: {
        tags,
        summary: 'Sentiment of customers’ messages, the most negative conversations and the scorer’s accuracy',
        description:
          'Each customer text is labelled positive, neutral or negative with a score from -1 to 1 by a lexicon scorer ' +
          '(English, Spanish, Portuguese; emoji and negation), or by a person who corrected it. The most negative ' +
          `conversations and the words behind negative scores are read from the range’s latest ${NEGATIVE_MESSAGES} ` +
          'negative messages. The accuracy is measured on labelled sets the scorer was never tuned on and on people’s ' +
          'corrections. Filters: agentId (the conversation’s holder) or phoneNumberId. ' +
          RANGE,
        querystring: analyticsQuerySchema,
        response: response(sentimentAnalyticsSchema),
      },
    },
    (request) => metrics.sentiment(request.query),
  );
};
