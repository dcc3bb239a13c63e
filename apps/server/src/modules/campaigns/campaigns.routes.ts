import {
  addCampaignContactsBodySchema,
  campaignContactParamsSchema,
  campaignContactsQuerySchema,
  campaignContactsResponseSchema,
  campaignIdParamsSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignPreflightResponseSchema,
  campaignResponseSchema,
  campaignStatusResponseSchema,
  contactImportResultSchema,
  contactsPreviewResponseSchema,
  createCampaignBodySchema,
  recentCustomersBodySchema,
  scheduleCampaignBodySchema,
  startCampaignBodySchema,
  startCampaignResponseSchema,
  testCampaignTemplateBodySchema,
  testCampaignTemplateResponseSchema,
  updateCampaignBodySchema,
} from '@wac/contract/campaigns';
import { idParamsSchema } from '@wac/contract/common';
import { errorBodySchema, successResponseSchema } from '@wac/contract/errors';
import { templateResponseSchema, templateSchema } from '@wac/contract/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { CampaignsService } from './campaigns.service.ts';
import { previewContactsUpload, readContactsUpload } from './contacts-upload.ts';

const tags = ['Campaigns'];
const campaigns = { license: { feature: 'campaigns' as const } };
const creates = { license: { feature: 'campaigns' as const, quota: 'campaigns' as const } };
const idOf = (params: { id: string }) => Number(params.id);

/** The routes that add contacts to a campaign answer with what the import took and refused. */
const addsContacts = { tags, params: campaignIdParamsSchema, response: { 200: contactImportResultSchema, ...refusals } };
const statusAnswer = { schema: { tags, params: campaignIdParamsSchema, response: { 200: campaignStatusResponseSchema, ...refusals } } };

/** Spec 7 "Campaigns" under /api/campaign, for admins, behind the licence's campaigns feature. */
export const campaignsRoutes: FastifyPluginAsyncZod<{ service: CampaignsService; uploads: MediaStorage }> = async (
  app,
  { service, uploads },
) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/api/campaign/campaigns',
    { config: creates, schema: { tags, body: createCampaignBodySchema, response: { 201: campaignResponseSchema, ...refusals } } },
    async (request, reply) => reply.status(201).send({ campaign: await service.create(currentUser(request), request.body) }),
  );

  app.get(
    '/api/campaign/campaigns',
    { config: campaigns, schema: { tags, querystring: campaignListQuerySchema, response: { 200: campaignListResponseSchema } } },
    (request) => service.list(request.query),
  );

  app.get(
    '/api/campaign/campaigns/:id',
    { config: campaigns, schema: { tags, params: campaignIdParamsSchema, response: { 200: campaignResponseSchema, ...refusals } } },
    async (request) => ({ campaign: await service.get(idOf(request.params)) }),
  );

  app.put(
    '/api/campaign/campaigns/:id',
    {
      config: campaigns,
      schema: {
        tags,
        params: campaignIdParamsSchema,
        body: updateCampaignBodySchema,
        response: { 200: campaignResponseSchema, ...refusals },
      },
    },
    async (request) => ({ campaign: await service.update(currentUser(request), idOf(request.params), request.body) }),
  );

  app.delete(
    '/api/campaign/campaigns/:id',
    { config: campaigns, schema: { tags, params: campaignIdParamsSchema, response: { 200: successResponseSchema, ...refusals } } },
    async (request) => {
      await service.remove(currentUser(request), idOf(request.params));
      return { success: true as const };
    },
  );

  app.post(
    '/api/campaign/campaigns/:id/duplicate',
    { config: creates, schema: { tags, params: campaignIdParamsSchema, response: { 201: campaignResponseSchema, ...refusals } } },
    async (request, reply) => reply.status(201).send({ campaign: await service.duplicate(currentUser(request), idOf(request.params)) }),
  );

  app.get('/api/campaign/campaigns/:id/status', { config: campaigns, ...statusAnswer }, (request) => service.status(idOf(request.params)));

  app.post(
    '/api/campaign/campaigns/:id/schedule',
    {
      config: campaigns,
      schema: {
        tags,
        params: campaignIdParamsSchema,
        body: scheduleCampaignBodySchema,
        response: { 200: campaignStatusResponseSchema, ...refusals },
      },
    },
    (request) => service.schedule(currentUser(request), idOf(request.params), new Date(request.body.scheduleTime)),
  );

  app.post(
    '/api/campaign/campaigns/:id/start',
    {
      config: campaigns,
      schema: {
        tags,
        description:
          'Sends the campaign now. Refused (400) when its template is not approved, it has no waiting contacts, or some recipients cannot be sent as they are (unless skipInvalid); 402 QUOTA_EXCEEDED with `requested` when the day’s messages quota does not cover them. `warnings` names what to know, such as a messaging-limit tier below the recipients.',
        params: campaignIdParamsSchema,
        body: startCampaignBodySchema,
        // 402 answers the licence's error shape (spec 8), with its quota fields and `requested`.
        response: { 200: startCampaignResponseSchema, ...refusals, 402: errorBodySchema.loose() },
      },
    },
    (request) => service.start(currentUser(request), idOf(request.params), request.body ?? {}),
  );

  app.post(
    '/api/campaign/campaigns/:id/preflight',
    {
      config: campaigns,
      schema: {
        tags,
        description:
          'The dry run of a start: every waiting recipient rendered, the rows Meta would refuse listed (first 100), warnings. Sends nothing.',
        params: campaignIdParamsSchema,
        response: { 200: campaignPreflightResponseSchema, ...refusals },
      },
    },
    (request) => service.preflight(idOf(request.params)),
  );

  const actions = {
    'retry-failed': service.retryFailed,
    'cancel-schedule': service.cancelSchedule,
    pause: service.pause,
    resume: service.resume,
    cancel: service.cancel,
  } as const;
  for (const [path, action] of Object.entries(actions)) {
    app.post(`/api/campaign/campaigns/:id/${path}`, { config: campaigns, ...statusAnswer }, (request) =>
      action(currentUser(request), idOf(request.params)),
    );
  }

  app.post(
    '/api/campaign/campaigns/:id/contacts',
    { config: campaigns, schema: { ...addsContacts, body: addCampaignContactsBodySchema } },
    (request) => service.addContacts(currentUser(request), idOf(request.params), request.body.contacts),
  );

  app.post(
    '/api/campaign/campaigns/:id/contacts/recent',
    {
      config: campaigns,
      schema: {
        ...addsContacts,
        description: 'Adds everyone who wrote to the business in the last `days` days (at most 100,000, latest first), without a file.',
        body: recentCustomersBodySchema,
      },
    },
    (request) => service.addRecentCustomers(currentUser(request), idOf(request.params), request.body.days),
  );

  app.post(
    '/api/campaign/campaigns/:id/contacts/upload',
    {
      config: campaigns,
      schema: {
        ...addsContacts,
        summary: 'Upload a CSV of contacts: multipart field file, optional field mapping (JSON { phone, name?, variables? })',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file, mapping } = await readContactsUpload(request, uploads);
      return service.uploadContacts(currentUser(request), idOf(request.params), file, mapping);
    },
  );

  app.post(
    '/api/campaign/contacts/preview',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'The header, first rows and a suggested column mapping of a CSV (multipart field file; its first 64 KB suffice)',
        consumes: ['multipart/form-data'],
        response: { 200: contactsPreviewResponseSchema, 400: errorBodySchema },
      },
    },
    (request) => previewContactsUpload(request),
  );

  app.get(
    '/api/campaign/campaigns/:id/contacts',
    {
      config: campaigns,
      schema: {
        tags,
        params: campaignIdParamsSchema,
        querystring: campaignContactsQuerySchema,
        response: { 200: campaignContactsResponseSchema },
      },
    },
    (request) => service.contacts(idOf(request.params), request.query),
  );

  app.delete(
    '/api/campaign/campaigns/:id/contacts',
    {
      config: campaigns,
      schema: { tags, params: campaignIdParamsSchema, response: { 200: z.object({ deleted: z.number().int() }), ...refusals } },
    },
    (request) => service.removeAllContacts(currentUser(request), idOf(request.params)),
  );

  app.delete(
    '/api/campaign/campaigns/:id/contacts/:contactId',
    { config: campaigns, schema: { tags, params: campaignContactParamsSchema, response: { 200: successResponseSchema, ...refusals } } },
    async (request) => {
      await service.removeContact(currentUser(request), idOf(request.params), Number(request.params.contactId));
      return { success: true as const };
    },
  );

  app.get(
    '/api/campaign/templates',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'Approved templates a campaign can send',
        response: { 200: z.object({ templates: z.array(templateSchema), total: z.number().int() }) },
      },
    },
    () => service.sendableTemplates(),
  );

  app.get(
    '/api/campaign/templates/:id',
    { config: campaigns, schema: { tags, params: idParamsSchema, response: { 200: templateResponseSchema, 404: errorBodySchema } } },
    async (request) => ({ template: await service.template(request.params.id) }),
  );

  app.post(
    '/api/campaign/templates/test',
    {
      config: campaigns,
      schema: { tags, body: testCampaignTemplateBodySchema, response: { 200: testCampaignTemplateResponseSchema, 400: errorBodySchema } },
    },
    (request) => service.testTemplate(request.body),
  );
};
