import { conversationReportQuerySchema, conversationReportResponseSchema } from '@wac/contract/conversation-reports';
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
        summary: 'Conversations active in a date range, with message counts',
        querystring: conversationReportQuerySchema,
        response: { 200: conversationReportResponseSchema },
      },
    },
    (request) => reports.report(request.query),
  );

  app.get(
    '/api/reports/conversations/export',
    {
      schema: {
        tags,
        summary: 'The same report as CSV, every row, streamed page by page',
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
