import { publicSendMediaFieldsSchema } from '@wac/contract/public-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { readUpload } from '../messaging/index.ts';
import { type Idempotency, sendAnswer } from './idempotency.ts';
import {
  idempotencyHeaders,
  publicApiSecurity,
  publicApiTags,
  sendButtonsDoc,
  sendMediaFormDoc,
  sendRefusals,
  sendTextDoc,
  sentMessageDoc,
} from './public-api.docs.ts';
import { type PublicSends, senderOf } from './public-sends.ts';

// From 80% of the daily messages quota, the answer carries the X-Quota-Warning header (the console's sends do too).
const messagesQuota = { license: { quota: 'messages' as const } };

/** Spec 7 "API keys": the sends an X-API-Key makes (send-template, which the console shares, is in templates). */
export const publicApiRoutes: FastifyPluginAsyncZod<{ sends: PublicSends; storage: MediaStorage; idempotency: Idempotency }> = async (
  app,
  { sends, storage, idempotency },
) => {
  const common = { tags: publicApiTags, security: publicApiSecurity, headers: idempotencyHeaders };

  app.post(
    '/api/send-text',
    {
      onRequest: app.requireApiKey('send:text'),
      config: messagesQuota,
      schema: {
        ...common,
        summary: 'Send a text message (scope send:text)',
        body: sendTextDoc,
        response: { 201: sentMessageDoc, ...sendRefusals },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await idempotency.sendOnce(request, request.body, () => sends.text(senderOf(request), request.body))),
  );

  app.post(
    '/api/send-media',
    {
      onRequest: app.requireApiKey('send:media'),
      config: { license: { feature: 'mediaUpload', quota: 'storage' } },
      schema: {
        ...common,
        summary: 'Send a file (scope send:media): multipart fields file, phone, recipientName, caption, type',
        description:
          'multipart/form-data with the file in `file`. Its kind is `type`, else taken from its mime type; Meta’s size limits are checked before anything is stored (400 naming `file`). Within the 24-hour window.',
        consumes: ['multipart/form-data'],
        body: sendMediaFormDoc,
        response: { 201: sentMessageDoc, ...sendRefusals },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, storage, publicSendMediaFieldsSchema);
      const { incoming, mimeType, filename, kind } = upload;
      const fingerprint = { fields: upload.fields, file: { sha256: incoming.sha256, size: incoming.size, mimeType, filename, kind } };
      // A repeat that sends nothing leaves its file unkept (a send discards it itself).
      const answer = await idempotency
        .sendOnce(request, fingerprint, () => sends.media(senderOf(request), upload))
        .finally(() => storage.discard(incoming));
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/api/send-buttons',
    {
      onRequest: app.requireApiKey('send:buttons'),
      config: messagesQuota,
      schema: {
        ...common,
        summary: 'Send reply buttons or a list (scope send:buttons)',
        body: sendButtonsDoc,
        response: { 201: sentMessageDoc, ...sendRefusals },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await idempotency.sendOnce(request, request.body, () => sends.buttons(senderOf(request), request.body))),
  );
};
