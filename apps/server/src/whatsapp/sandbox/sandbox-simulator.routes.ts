import { errorBodySchema } from '@wac/contract/errors';
import {
  sandboxConversationQuerySchema,
  sandboxConversationResponseSchema,
  sandboxCustomersResponseSchema,
  sandboxNumbersResponseSchema,
} from '@wac/contract/whatsapp-sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { mediaAnswerHeaders, servedAs, sniffMediaType } from '../../storage/served-media.ts';
import type { SandboxMediaStore } from './media-store.ts';
import type { SandboxConversations } from './sandbox-conversations.ts';
import type { SandboxBusiness } from './webhook-payloads.ts';

export interface SandboxSimulatorOptions {
  media: SandboxMediaStore;
  conversations: SandboxConversations;
  /** The business numbers the sandbox plays, the first first. */
  numbers: readonly SandboxBusiness[];
}

/** What the customer simulator page reads: the customers, each one's phone screen, and the media on it. */
export const sandboxSimulatorRoutes: FastifyPluginAsyncZod<SandboxSimulatorOptions> = async (app, { media, conversations, numbers }) => {
  app.get(
    '/sandbox/control/numbers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'The business numbers a simulated customer can write to, the first (WHATSAPP_PHONE_NUMBER_ID) first',
        response: { 200: sandboxNumbersResponseSchema },
      },
    },
    async () => ({ numbers: numbers.map(({ phoneNumberId, displayPhoneNumber }) => ({ phoneNumberId, displayPhoneNumber })) }),
  );

  app.get(
    '/sandbox/control/customers',
    {
      onRequest: app.requireAdmin,
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
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: "A simulated customer's messages with the business, both ways, oldest first",
        querystring: sandboxConversationQuerySchema,
        response: { 200: sandboxConversationResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      conversations.conversation(request.query.phone, request.query.number ?? (numbers[0] as SandboxBusiness).phoneNumberId),
  );

  app.get(
    '/sandbox/control/media/:id',
    {
      // The media answer's headers go on the refusal too.
      onRequest: [mediaAnswerHeaders, app.requireAdmin],
      schema: {
        tags: ['Sandbox'],
        summary: 'The bytes of a file in the sandbox, sent by the business or a simulated customer',
        params: z.object({ id: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const found = await media.find(request.params.id);
      if (!found) throw notFound('Media not found');
      // The simulator shows it from a blob: URL, which runs on the console's origin, so the blob's type is the served one.
      const served = servedAs(await sniffMediaType(media.open(found.id)));
      return reply
        .header('content-type', served.contentType)
        .header('content-length', found.fileSize)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', served.disposition)
        .send(media.open(found.id));
    },
  );
};
