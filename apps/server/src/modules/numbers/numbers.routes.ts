import { idParamsSchema } from '@wac/contract/common';
import {
  addBusinessNumberBodySchema,
  businessNumberResponseSchema,
  businessNumbersResponseSchema,
  updateBusinessNumberBodySchema,
} from '@wac/contract/whatsapp-numbers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { BusinessNumbers } from './business-numbers.ts';

const tags = ['WhatsApp numbers'];

/** The business's WhatsApp numbers: everyone signed in reads them (the inbox filters by number); admins change them. */
export const numbersRoutes: FastifyPluginAsyncZod<{ numbers: BusinessNumbers }> = async (app, { numbers }) => {
  app.get(
    '/api/whatsapp/numbers',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The business numbers, WHATSAPP_PHONE_NUMBER_ID’s first, with what Meta last said of each',
        response: { 200: businessNumbersResponseSchema },
      },
    },
    async () => ({ numbers: await numbers.list() }),
  );

  app.post(
    '/api/whatsapp/numbers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Add a number of the WhatsApp Business Account, checked against the Graph API (GET /{phone-number-id})',
        body: addBusinessNumberBodySchema,
        response: { 201: businessNumberResponseSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send({ number: await numbers.add(currentUser(request), request.body) }),
  );

  app.put(
    '/api/whatsapp/numbers/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Rename a number, or disable or enable it (the first number cannot be disabled)',
        params: idParamsSchema,
        body: updateBusinessNumberBodySchema,
        response: { 200: businessNumberResponseSchema, ...refusals },
      },
    },
    async (request) => ({ number: await numbers.update(currentUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/whatsapp/numbers/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Disable a number: its conversations stay, and nothing is sent from it until it is enabled again',
        params: idParamsSchema,
        response: { 200: businessNumberResponseSchema, ...refusals },
      },
    },
    async (request) => ({ number: await numbers.update(currentUser(request), request.params.id, { enabled: false }) }),
  );

  app.post(
    '/api/whatsapp/numbers/:id/refresh',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Read the number’s quality rating, throughput and the portfolio’s messaging limit from Meta again',
        params: idParamsSchema,
        response: { 200: businessNumberResponseSchema, ...refusals },
      },
    },
    async (request) => ({ number: await numbers.refresh(request.params.id) }),
  );
};
