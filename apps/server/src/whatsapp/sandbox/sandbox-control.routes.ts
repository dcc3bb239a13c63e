import { errorBodySchema } from '@wac/contract/errors';
import {
  sandboxFailNextBodySchema,
  sandboxInboundBodySchema,
  sandboxInboundResponseSchema,
  sandboxMediaResponseSchema,
  sandboxUserPreferenceBodySchema,
} from '@wac/contract/whatsapp-sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { customerMessage } from './customer-message.ts';
import type { FailNextQueue } from './fail-next.ts';
import { inboundMessagePart } from './inbound-message.ts';
import { receiveSandboxUpload, type SandboxMediaStore } from './media-store.ts';
import type { SandboxConversations } from './sandbox-conversations.ts';
import { sandboxBsuid } from './user-ids.ts';
import { inboundPayload, newWamid, type SandboxBusiness, userPreferencePayload } from './webhook-payloads.ts';
import type { WebhookSender } from './webhook-sender.ts';

export interface SandboxControlOptions {
  failNext: FailNextQueue;
  media: SandboxMediaStore;
  sender: WebhookSender;
  /** The business numbers the sandbox plays, the first first. */
  numbers: readonly SandboxBusiness[];
  conversations: SandboxConversations;
}

/** Controls for admins and tests: make sends fail, and play a customer writing to the business. */
export const sandboxControlRoutes: FastifyPluginAsyncZod<SandboxControlOptions> = async (
  app,
  { failNext, media, sender, numbers, conversations },
) => {
  app.post(
    '/sandbox/control/fail-next',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'Fail the next sends with a Graph error',
        body: sandboxFailNextBodySchema,
        response: { 200: z.object({ queued: z.number().int() }) },
      },
    },
    async (request) => {
      const { count, ...failure } = request.body;
      failNext.set(failure, count);
      return { queued: count };
    },
  );

  app.post(
    '/sandbox/control/media',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'Upload a file a simulated customer will send (100 MB at most; the sandbox holds 500 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: sandboxMediaResponseSchema, 400: errorBodySchema, 413: errorBodySchema },
      },
    },
    async (request) => {
      const { file } = await receiveSandboxUpload(request, media);
      const stored = await media.keep(file.incoming, file.mimeType, file.filename);
      return { id: stored.id, mimeType: stored.mimeType, sha256: stored.sha256, fileSize: stored.fileSize };
    },
  );

  app.post(
    '/sandbox/control/user-preferences',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: "Play a customer stopping or resuming the business's marketing messages in WhatsApp: a user_preferences webhook",
        body: sandboxUserPreferenceBodySchema,
        response: { 200: z.object({ webhookStatus: z.number().int() }), 400: errorBodySchema },
      },
    },
    async (request) => {
      const { from, to, value } = request.body;
      const business = to === undefined ? numbers[0] : numbers.find((n) => n.phoneNumberId === to);
      if (!business) throw badRequest(`to names no number of the sandbox: ${to}`);
      const hidden = conversations.hidesNumber(from);
      const payload = userPreferencePayload(business, { from: hidden ? null : from, userId: sandboxBsuid(from), stop: value === 'stop' });
      return { webhookStatus: await sender.post(payload) };
    },
  );

  app.post(
    '/sandbox/control/inbound',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Sandbox'],
        summary: 'Send a message as a customer: posted to the webhook, signed',
        body: sandboxInboundBodySchema,
        response: { 200: sandboxInboundResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body;
      const business = body.to === undefined ? numbers[0] : numbers.find((n) => n.phoneNumberId === body.to);
      if (!business) throw badRequest(`to names no number of the sandbox: ${body.to}`);
      const message = await inboundMessagePart(body, media, business.displayPhoneNumber);
      if (!message) throw badRequest('mediaId was not found: upload the file with POST /sandbox/control/media first');
      const identity = conversations.identify(body.from, body);
      if (typeof identity === 'string') throw badRequest(identity);
      const wamid = newWamid();
      const sentMedia = 'mediaId' in body ? await media.find(body.mediaId) : undefined;
      // Recorded before it is posted, so a reply the business sends at once comes after it.
      conversations.add(body.from, business.phoneNumberId, customerMessage(body, wamid, sentMedia), body.name);
      const webhookStatus = await sender.post(
        inboundPayload(business, {
          from: identity.hidesNumber ? null : body.from,
          userId: identity.bsuid,
          username: identity.username,
          name: body.name,
          wamid,
          message,
        }),
      );
      conversations.setStatus(wamid, webhookStatus === 200 ? 'delivered' : 'failed');
      return { wamid, webhookStatus };
    },
  );
};
