import { idParamsSchema } from '@wac/contract/common';
import { errorBodySchema, successResponseSchema } from '@wac/contract/errors';
import {
  createTemplateBodySchema,
  templateConstants,
  templateConstantsResponseSchema,
  templateMediaHandleResponseSchema,
  templateResponseSchema,
  templateSearchQuerySchema,
  templateSearchResponseSchema,
  templateSyncResponseSchema,
  templateUploadResponseSchema,
  updateTemplateBodySchema,
} from '@wac/contract/templates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/app-error.ts';
import { currentUser } from '../../http/auth-guard.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import {
  type Idempotency,
  idempotencyHeaders,
  publicApiSecurity,
  publicApiTags,
  sendAnswer,
  senderOf,
  sendRefusals,
  sendTemplateDoc,
  sentMessageDoc,
} from '../public-api/index.ts';
import { readHeaderFile } from './template-uploads.ts';
import type { TemplatesService } from './templates.service.ts';

const tags = ['Templates'];
// No 403 schema: it would strip the licence error fields of spec 8 from FEATURE_NOT_AVAILABLE and QUOTA_EXCEEDED.
const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };
const templates = { license: { feature: 'templates' as const } };

/**
 * Spec 7 "Templates", behind the licence's templates feature. Everyone signed in reads and sends;
 * only admins create, edit, delete, upload samples to Meta and sync (the server decides, whatever the menu shows).
 * Keeping a header file to send (upload-file) is part of sending, so everyone may.
 */
export const templatesRoutes: FastifyPluginAsyncZod<{ service: TemplatesService; uploads: MediaStorage }> = async (
  app,
  { service, uploads },
) => {
  app.addHook('onRequest', app.requireUser);
  // requireUser has already run (plugin hooks come before a route's own): only the role is left to check, before the body is read.
  const admin = {
    onRequest: async (request: FastifyRequest) => {
      if (currentUser(request).role !== 'admin') throw forbidden('This action requires the admin role');
    },
  };

  app.get(
    '/api/templates/search',
    { config: templates, schema: { tags, querystring: templateSearchQuerySchema, response: { 200: templateSearchResponseSchema } } },
    (request) => service.search(request.query),
  );

  app.get(
    '/api/templates/metadata/constants',
    { config: templates, schema: { tags, response: { 200: templateConstantsResponseSchema } } },
    () => templateConstants(),
  );

  app.get(
    '/api/templates/:id',
    { config: templates, schema: { tags, params: idParamsSchema, response: { 200: templateResponseSchema, 404: errorBodySchema } } },
    async (request) => ({ template: await service.get(request.params.id) }),
  );

  app.post(
    '/api/templates',
    {
      ...admin,
      config: templates,
      schema: { tags, body: createTemplateBodySchema, response: { 201: templateResponseSchema, ...refusals } },
    },
    async (request, reply) => reply.status(201).send({ template: await service.create(currentUser(request), request.body) }),
  );

  app.put(
    '/api/templates/:id',
    {
      ...admin,
      config: templates,
      schema: { tags, params: idParamsSchema, body: updateTemplateBodySchema, response: { 200: templateResponseSchema, ...refusals } },
    },
    async (request) => ({ template: await service.update(currentUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/templates/:id',
    { ...admin, config: templates, schema: { tags, params: idParamsSchema, response: { 200: successResponseSchema, ...refusals } } },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/templates/sync',
    {
      ...admin,
      config: templates,
      schema: { tags, summary: 'Reconcile with Meta’s list now', response: { 200: templateSyncResponseSchema, ...refusals } },
    },
    () => service.sync(),
  );

  app.post(
    '/api/templates/upload-file',
    {
      config: { license: { feature: 'templates', quota: 'storage' } },
      schema: {
        tags,
        summary: 'Keep a file to send as header media: multipart field file',
        consumes: ['multipart/form-data'],
        response: { 201: templateUploadResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const file = await readHeaderFile(request, uploads);
      return reply.status(201).send({ upload: await service.saveHeaderFile(currentUser(request), file) });
    },
  );

  app.post(
    '/api/templates/upload-media',
    {
      ...admin,
      config: templates,
      schema: {
        tags,
        summary: 'Upload a header sample through Meta’s resumable upload: multipart field file; answers the header_handle',
        consumes: ['multipart/form-data'],
        response: { 200: templateMediaHandleResponseSchema, ...refusals },
      },
    },
    async (request) => service.uploadHeaderSample(await readHeaderFile(request, uploads)),
  );
};

/**
 * POST /api/send-template, outside the signed-in hook above: the console sends with a bearer token, and an API key
 * with the send:template scope may send too (once per Idempotency-Key, as the public API's other sends).
 */
export const sendTemplateRoutes: FastifyPluginAsyncZod<{ service: TemplatesService; idempotency: Idempotency }> = async (
  app,
  { service, idempotency },
) => {
  app.post(
    '/api/send-template',
    {
      onRequest: app.requireUserOrApiKey('send:template'),
      config: { license: { feature: 'templates', quota: 'messages' } },
      schema: {
        tags: [...tags, ...publicApiTags],
        security: [{ bearer: [] }, ...publicApiSecurity],
        summary: 'Send an approved template (a bearer token, or an API key with scope send:template)',
        headers: idempotencyHeaders,
        body: sendTemplateDoc,
        response: { 201: sentMessageDoc, ...refusals, ...sendRefusals },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await idempotency.sendOnce(request, request.body, () => service.send(senderOf(request), request.body))),
  );
};
