import {
  campaignBatchAnalysisResponseSchema,
  campaignDeliverySummaryResponseSchema,
  campaignFailureAnalysisResponseSchema,
  campaignReportListResponseSchema,
  campaignReportResponseSchema,
} from '@wac/contract/campaign-reports';
import { campaignIdParamsSchema, campaignListQuerySchema, campaignSpendSchema } from '@wac/contract/campaigns';
import { errorBodySchema } from '@wac/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { contentDisposition } from '../../http/file-response.ts';
import type { CampaignReportsService } from './campaign-reports.service.ts';

const tags = ['Campaigns'];
const refusals = { 400: errorBodySchema, 404: errorBodySchema };
const campaigns = { license: { feature: 'campaigns' as const } };
const idOf = (params: { id: string }) => Number(params.id);

const byId = <T extends z.ZodType>(summary: string, answer: T) => ({
  config: campaigns,
  schema: { tags, summary, params: campaignIdParamsSchema, response: { 200: answer, ...refusals } },
});

/**
 * Spec 7 "Campaigns": a campaign's reports, for admins, behind the licence's campaigns feature like the rest of
 * /api/campaign. /campaigns/reports is a static path, which the router always prefers to /campaigns/:id.
 */
export const campaignReportsRoutes: FastifyPluginAsyncZod<{ reports: CampaignReportsService }> = async (app, { reports }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/api/campaign/campaigns/reports',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'One report line per campaign, newest first',
        querystring: campaignListQuerySchema,
        response: { 200: campaignReportListResponseSchema, 400: errorBodySchema },
      },
    },
    (request) => reports.list(request.query),
  );

  app.get(
    '/api/campaign/campaigns/:id/report',
    byId('Counts and rates, computed now from the recipients', campaignReportResponseSchema),
    async (request) => ({ report: await reports.report(idOf(request.params)) }),
  );

  app.post(
    '/api/campaign/campaigns/:id/regenerate-report',
    byId('The report computed afresh, recorded in the activity log', campaignReportResponseSchema),
    async (request) => ({ report: await reports.regenerate(currentUser(request), idOf(request.params)) }),
  );

  app.get(
    '/api/campaign/campaigns/:id/spend',
    byId(
      'What the campaign’s messages cost: Meta’s pricing of each billable message (category, market) at the rates of Settings → Message prices',
      z.object({ spend: campaignSpendSchema }),
    ),
    async (request) => ({ spend: await reports.spend(idOf(request.params)) }),
  );

  app.get(
    '/api/campaign/campaigns/:id/delivery-summary',
    byId('Recipients by final state, and delays from sent to delivered and to read', campaignDeliverySummaryResponseSchema),
    async (request) => ({ deliverySummary: await reports.deliverySummary(idOf(request.params)) }),
  );

  app.get(
    '/api/campaign/campaigns/:id/batch-analysis',
    byId('Sent, delivered, read and failed over time, in at most about 120 buckets', campaignBatchAnalysisResponseSchema),
    async (request) => ({ batchAnalysis: await reports.batchAnalysis(idOf(request.params)) }),
  );

  app.get(
    '/api/campaign/campaigns/:id/failure-analysis',
    byId('Failed and unknown recipients by error code, largest group first', campaignFailureAnalysisResponseSchema),
    async (request) => ({ failureAnalysis: await reports.failureAnalysis(idOf(request.params)) }),
  );

  app.get(
    '/api/campaign/campaigns/:id/report/recipients.csv',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'Every recipient with its state, error and times, and a column per variable, as CSV',
        params: campaignIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV text, UTF-8 with a BOM'), ...refusals },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await reports.recipientsCsv(idOf(request.params));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
