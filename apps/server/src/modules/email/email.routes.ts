import {
  emailSettingsBodySchema,
  emailSettingsResponseSchema,
  emailStatusSchema,
  emailTemplateParamsSchema,
  emailTemplateResponseSchema,
  emailTemplatesResponseSchema,
  emailTemplateUpdateSchema,
  emailTestBodySchema,
  emailTestResponseSchema,
  outboxIdParamsSchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  outboxMessageResponseSchema,
} from '@wac/contract/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import type { EmailService } from './email.service.ts';

const tags = ['Email'];

export const emailRoutes: FastifyPluginAsyncZod<{ emailService: EmailService }> = async (app, { emailService }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get('/api/email/status', { schema: { tags, response: { 200: emailStatusSchema } } }, () => emailService.status());

  app.get('/api/email/settings', { schema: { tags, response: { 200: emailSettingsResponseSchema } } }, async () => ({
    settings: await emailService.settings(),
  }));

  app.put(
    '/api/email/settings',
    { schema: { tags, body: emailSettingsBodySchema, response: { 200: emailSettingsResponseSchema } } },
    async (request) => ({
      settings: await emailService.updateSettings(currentUser(request), request.body.settings, requestMeta(request)),
    }),
  );

  app.post('/api/email/test', { schema: { tags, body: emailTestBodySchema, response: { 200: emailTestResponseSchema } } }, (request) =>
    emailService.sendTest(currentUser(request), request.body.to, requestMeta(request)),
  );

  app.get('/api/email/templates', { schema: { tags, response: { 200: emailTemplatesResponseSchema } } }, async () => ({
    templates: await emailService.templates(),
  }));

  app.put(
    '/api/email/templates/:name',
    {
      schema: { tags, params: emailTemplateParamsSchema, body: emailTemplateUpdateSchema, response: { 200: emailTemplateResponseSchema } },
    },
    async (request) => ({
      template: await emailService.updateTemplate(currentUser(request), request.params.name, request.body.template, requestMeta(request)),
    }),
  );

  app.get(
    '/api/email/outbox',
    { schema: { tags, querystring: outboxListQuerySchema, response: { 200: outboxListResponseSchema } } },
    (request) => emailService.outbox(request.query.limit),
  );

  app.get(
    '/api/email/outbox/:id',
    { schema: { tags, params: outboxIdParamsSchema, response: { 200: outboxMessageResponseSchema } } },
    async (request) => ({ message: await emailService.outboxMessage(request.params.id) }),
  );
};
