import {
  conversationReportAgentsResponseSchema,
  conversationReportQuerySchema,
  conversationReportResponseSchema,
} from '@wac/contract/conversation-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationReportsService } from './conversation-reports.service.ts';

const tags = ['Reports'];

export const conversationReportsRoutes: FastifyPluginAsyncZod<{ reports: ConversationReportsService }> = async (app, { reports }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/reports/conversations',
    {
      schema: {
        tags,
        summary: 'Conversations active in a date range: message counts, holder, sentiment, first-response and resolution times',
        description:
          'One row per conversation with a message in the range (whole days in the app timezone). Sentiment: the mean score of ' +
          "its customers' scored messages in the range and how many read negative. First response: its first first-response " +
          "sample of the range (from the customer's first message of an opening or reopening, or the bot's handoff, to the " +
          'first human reply), with the wait within business hours when they are on. Resolution: its last end in the range, ' +
          "from that episode's start (the customer's first message, or their return after the previous end). " +
          'Filters: agentId (the agent holding it now), sessionState, sentiment=negative, search.',
        querystring: conversationReportQuerySchema,
        response: { 200: conversationReportResponseSchema },
      },
    },
    (request) => reports.report(request.query),
  );

  app.get(
    '/api/reports/conversations/agents',
    {
      schema: {
        tags,
        summary: 'The agents holding a conversation now: whom the report can be filtered by (agentId)',
        response: { 200: conversationReportAgentsResponseSchema },
      },
    },
    () => reports.agents(),
  );

  app.get(
    '/api/reports/conversations/export',
    {
      config: { license: { feature: 'advancedReports' } },
      schema: {
        tags,
        summary: 'The same report as CSV, every row with its times, streamed page by page (licence feature advancedReports)',
        querystring: conversationReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV text, UTF-8 with a BOM') },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await reports.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
