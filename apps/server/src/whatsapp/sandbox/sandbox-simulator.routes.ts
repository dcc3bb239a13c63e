import { errorBodySchema } from '@wac/contract/errors';
import {
  sandboxConversationQuerySchema,
  sandboxConversationResponseSchema,
  sandboxCustomersResponseSchema,
} from '@wac/contract/whatsapp-sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import type { SandboxMediaStore } from './media-store.ts';
import type { SandboxConversations } from './sandbox-conversations.ts';

export interface SandboxSimulatorOptions {
  media: SandboxMediaStore;
  conversations: SandboxConversations;
}

/** What the customer simulator page reads: the customers, each one's phone screen, and the media on it. */
export const sandboxSimulatorRoutes: FastifyPluginAsyncZod<SandboxSimulatorOptions> = async (app, { media, conversations }) => {
  app.get(
    '/sandbox/control/customers',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Sandbox'],
        summary: 'The simulated customers, most recently active first',
        response: { 200: sandboxCustomersResponseSchema },
      },
    },
    async () => ({ customers: conversations.customers() }),
  );

  app.get(
    '/sandbox/control/conversation',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Sandbox'],
        summary: "A simulated customer's messages with the business, both ways, oldest first",
        querystring: sandboxConversationQuerySchema,
        response: { 200: sandboxConversationResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => conversations.conversation(request.query.phone),
  );

  app.get(
    '/sandbox/control/media/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Sandbox'],
        summary: 'The bytes of a file in the sandbox, sent by the business or a simulated customer',
        params: z.object({ id: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const found = await media.find(request.params.id);
      if (!found) throw notFound('Media not found');
      return (
        reply
          .header('content-type', found.mimeType)
          .header('content-length', found.fileSize)
          .header('cache-control', 'private, max-age=3600')
          // The simulator fetches it as a blob; opened directly, a customer's upload must never render as a page.
          .header('content-disposition', 'attachment')
          .header('x-content-type-options', 'nosniff')
          .send(await media.read(found.id))
      );
    },
  );
};
