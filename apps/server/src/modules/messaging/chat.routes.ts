import { correctSentimentBodySchema } from '@wac/contract/analytics';
import {
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  failedMessagesQuerySchema,
  failedMessagesResponseSchema,
  markReadBodySchema,
  markReadResponseSchema,
  messageStatusResponseSchema,
  phoneParamsSchema,
  sendMessageBodySchema,
  sentMessageResponseSchema,
  typingBodySchema,
  typingResponseSchema,
} from '@wac/contract/chat';
import { idParamsSchema } from '@wac/contract/common';
import { errorBodySchema } from '@wac/contract/errors';
import { correctedSentimentResponseSchema } from '@wac/contract/sentiment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { readMediaUpload } from './media-upload.ts';
import type { MessagingService } from './messaging.service.ts';

const tags = ['Chat'];

/** Spec 7 "Chat": the agents' inbox, threads, sending (inside the 24-hour window), read marks and failed sends. */
export const chatRoutes: FastifyPluginAsyncZod<{ messaging: MessagingService; storage: MediaStorage }> = async (
  app,
  { messaging, storage },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/agent/conversations',
    { schema: { tags, querystring: conversationsQuerySchema, response: { 200: conversationsResponseSchema } } },
    (request) => messaging.listConversations(request.query),
  );

  app.get(
    '/api/agent/chat/:phone',
    {
      schema: { tags, params: phoneParamsSchema, querystring: chatHistoryQuerySchema, response: { 200: chatHistoryResponseSchema } },
    },
    (request) => messaging.chatHistory(request.params.phone, request.query),
  );

  app.post(
    '/api/agent/message',
    {
      config: { license: { quota: 'messages' } },
      schema: { tags, body: sendMessageBodySchema, response: { 201: sentMessageResponseSchema, ...refusals } },
    },
    async (request, reply) => reply.status(201).send({ message: await messaging.sendText(currentUser(request), request.body) }),
  );

  app.post(
    '/api/agent/media',
    {
      config: { license: { feature: 'mediaUpload', quota: 'storage' } },
      schema: {
        tags,
        summary: 'Send a file: multipart fields file, recipientPhone, recipientName, caption, type',
        consumes: ['multipart/form-data'],
        response: { 201: sentMessageResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const upload = await readMediaUpload(request, storage);
      return reply.status(201).send({ message: await messaging.sendMedia(currentUser(request), upload) });
    },
  );

  app.post(
    '/api/agent/mark-read',
    { schema: { tags, body: markReadBodySchema, response: { 200: markReadResponseSchema, 400: errorBodySchema, 409: errorBodySchema } } },
    (request) => messaging.markRead(currentUser(request), request.body.messages),
  );

  app.post(
    '/api/agent/typing',
    {
      schema: {
        tags,
        summary: 'Show the customer WhatsApp’s typing indicator while the agent types',
        description:
          'Sent with a read receipt of the customer’s latest message, at most every 20 seconds per conversation; WhatsApp shows it until the reply or for 25 seconds. Nothing is sent (`sent: false`) when read receipts are off under Settings, outside the 24-hour window, or within 20 seconds of the last one. A conversation a colleague holds answers 409, as writing there does.',
        body: typingBodySchema,
        response: { 200: typingResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    (request) => messaging.agentTyping(currentUser(request), request.body.conversationId),
  );

  app.put(
    '/api/agent/messages/:id/sentiment',
    {
      schema: {
        tags,
        summary: 'Correct the sentiment label of a customer’s text',
        description:
          'Any signed-in agent or admin may correct the label the scorer gave a customer’s text (positive, neutral or negative). The corrected label is the one the sentiment figures count from then on; the scorer’s own label is kept beside it, and an activity records who changed it. Only customers’ texts carry a sentiment: any other message answers 404.',
        params: idParamsSchema,
        body: correctSentimentBodySchema,
        response: { 200: correctedSentimentResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => messaging.correctSentiment(currentUser(request), request.params.id, request.body.label),
  );

  app.get(
    '/api/message-status/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: messageStatusResponseSchema, 404: errorBodySchema } } },
    (request) => messaging.messageStatus(request.params.id),
  );

  app.get(
    '/api/failed-messages',
    { schema: { tags, querystring: failedMessagesQuerySchema, response: { 200: failedMessagesResponseSchema } } },
    (request) => messaging.listFailedMessages(request.query),
  );

  app.post(
    '/api/retry-message/:id',
    {
      config: { license: { quota: 'messages' } },
      schema: { tags, params: idParamsSchema, response: { 200: sentMessageResponseSchema, ...refusals } },
    },
    async (request) => ({ message: await messaging.retryMessage(currentUser(request), request.params.id) }),
  );
};
