import {
  flowSessionStateSchema,
  sessionContinueSchema,
  sessionEndSchema,
  sessionIdParamsSchema,
  sessionStartSchema,
} from '@wac/contract/flows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../http/route-config.ts';
import type { FlowSessionsService } from './flow-sessions.service.ts';

const tags = ['Bot flows'];
const botFlows = { license: { feature: 'botFlows' as const } };
const oneSession = { tags, params: sessionIdParamsSchema, response: { 200: flowSessionStateSchema, ...refusals } };

/** Spec 7 "Flows": sessions run through the API (the builder's "Try it"), for admins, behind the licence's botFlows feature. */
export const flowSessionsRoutes: FastifyPluginAsyncZod<{ service: FlowSessionsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/api/sessions/start',
    {
      config: botFlows,
      schema: {
        tags,
        description:
          "Starts a session on the flow's current version (active or not) for userId, with the variables name (metadata.name) and phone (userId), and runs it to its first question or its end. Nothing is sent on WhatsApp: the replies are answered.",
        body: sessionStartSchema,
        response: { 201: flowSessionStateSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.start(request.body)),
  );

  app.post(
    '/api/sessions/:id/continue',
    {
      config: botFlows,
      schema: {
        ...oneSession,
        description:
          'Answers the waiting question: a text, or { id, text } for the button or list row chosen. 409 once the session has ended, and for sessions of WhatsApp conversations (only the customer moves those on).',
        body: sessionContinueSchema,
      },
    },
    (request) => service.continue(request.params.id, request.body.input),
  );

  app.post(
    '/api/sessions/:id/end',
    {
      config: botFlows,
      // The body is optional: a bare POST ends with the default reason.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        ...oneSession,
        description: "Ends the session (reason 'ended' unless given); an ended one is answered as it is.",
        body: sessionEndSchema,
      },
    },
    (request) => service.end(request.params.id, request.body.reason),
  );

  app.get('/api/sessions/:id/state', { config: botFlows, schema: oneSession }, (request) => service.state(request.params.id));
};
