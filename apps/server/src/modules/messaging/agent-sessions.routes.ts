import { agentSessionSchema, endSessionBodySchema, takeoverBodySchema } from '@wac/contract/agent-sessions';
import { idParamsSchema } from '@wac/contract/common';
import { errorBodySchema } from '@wac/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { MessagingService } from './messaging.service.ts';

const tags = ['Agent sessions'];
const response = { 200: agentSessionSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Spec 7 "Agent sessions": who answers a conversation, the bot or an agent; {id} is the conversation's id. */
export const agentSessionsRoutes: FastifyPluginAsyncZod<{ messaging: MessagingService }> = async (app, { messaging }) => {
  app.addHook('onRequest', app.requireUser);
  // Takeover and end take an optional body: a bare POST means the defaults.
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });

  app.get('/api/agent/session/:id', { schema: { tags, params: idParamsSchema, response } }, (request) =>
    messaging.session(request.params.id),
  );

  app.post('/api/agent/session/:id/takeover', { schema: { tags, params: idParamsSchema, body: takeoverBodySchema, response } }, (request) =>
    messaging.takeOver(currentUser(request), request.params.id, request.body),
  );

  app.post('/api/agent/session/:id/return-to-bot', { schema: { tags, params: idParamsSchema, response } }, (request) =>
    messaging.returnToBot(currentUser(request), request.params.id),
  );

  app.post('/api/agent/session/:id/end', { schema: { tags, params: idParamsSchema, body: endSessionBodySchema, response } }, (request) =>
    messaging.endSession(currentUser(request), request.params.id, request.body),
  );
};
