import { idParamsSchema } from '@wac/contract/common';
import { errorBodySchema, successResponseSchema } from '@wac/contract/errors';
import {
  flowAnalyticsSchema,
  flowListQuerySchema,
  flowListSchema,
  flowSaveSchema,
  flowSchema,
  flowTriggersSchema,
  flowVersionListSchema,
  flowVersionParamsSchema,
  flowVersionSchema,
} from '@wac/contract/flows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { FlowsService } from './flows.service.ts';

const tags = ['Bot flows'];
const botFlows = { license: { feature: 'botFlows' as const } };
const oneFlow = { tags, params: idParamsSchema, response: { 200: flowSchema, ...refusals } };

/** Spec 7 "Flows": the builder's API, versions, activation and triggers, for admins, behind the licence's botFlows feature. */
export const flowsRoutes: FastifyPluginAsyncZod<{ service: FlowsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/api/flows',
    {
      config: botFlows,
      schema: {
        tags,
        description:
          'Saves a new flow as a draft, version 1. Nodes and edges are checked as spec 5 says (400 naming the first problem; every problem in details.errors); warnings name what is allowed but worth a look.',
        body: flowSaveSchema,
        response: { 201: flowSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/listflows',
    { config: botFlows, schema: { tags, querystring: flowListQuerySchema, response: { 200: flowListSchema, 400: errorBodySchema } } },
    (request) => service.list(request.query),
  );

  app.get('/api/flows/:id', { config: botFlows, schema: oneFlow }, (request) => service.get(request.params.id));

  app.put(
    '/api/flows/:id',
    {
      config: botFlows,
      schema: {
        ...oneFlow,
        description:
          'Saves the flow as its next version. With metadata.version (the version loaded), a save made elsewhere since is refused with 409.',
        body: flowSaveSchema,
      },
    },
    (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/flows/:id',
    {
      config: botFlows,
      schema: {
        tags,
        description: 'Deletes the flow with its versions and sessions; refused (409) while it is active.',
        params: idParamsSchema,
        response: { 200: successResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/flows/:id/versions',
    { config: botFlows, schema: { tags, params: idParamsSchema, response: { 200: flowVersionListSchema, ...refusals } } },
    (request) => service.versions(request.params.id),
  );

  app.get(
    '/api/flows/:id/versions/:version',
    { config: botFlows, schema: { tags, params: flowVersionParamsSchema, response: { 200: flowVersionSchema, ...refusals } } },
    (request) => service.version(request.params.id, request.params.version),
  );

  app.post(
    '/api/flows/:id/versions/:version/restore',
    {
      config: botFlows,
      schema: {
        tags,
        description: "Saves that version's name, description and graph as the flow's next version.",
        params: flowVersionParamsSchema,
        response: { 200: flowSchema, ...refusals },
      },
    },
    (request) => service.restore(currentUser(request), request.params.id, request.params.version),
  );

  app.post(
    '/api/flows/:id/activate',
    {
      config: botFlows,
      schema: {
        ...oneFlow,
        description:
          'Customers in bot mode reach the flow through its triggers. Refused when its graph is not valid (400) or another active flow answers to one of its keywords (409).',
      },
    },
    (request) => service.activate(currentUser(request), request.params.id),
  );

  app.post('/api/flows/:id/deactivate', { config: botFlows, schema: oneFlow }, (request) =>
    service.deactivate(currentUser(request), request.params.id),
  );

  app.put(
    '/api/flows/:id/triggers',
    {
      config: botFlows,
      schema: {
        ...oneFlow,
        description:
          'What starts the flow. A keyword another active flow answers to is refused (409); isDefault and onNewConversation are cleared on every other flow.',
        body: flowTriggersSchema,
      },
    },
    (request) => service.setTriggers(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/flows/:id/analytics',
    { config: botFlows, schema: { tags, params: idParamsSchema, response: { 200: flowAnalyticsSchema, ...refusals } } },
    (request) => service.analytics(request.params.id),
  );
};
