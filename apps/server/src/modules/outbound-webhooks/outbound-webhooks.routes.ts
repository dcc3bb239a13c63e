import { idParamsSchema } from '@wac/contract/common';
import { successResponseSchema } from '@wac/contract/errors';
import {
  outboundDeliveryListSchema,
  outboundDeliveryParamsSchema,
  outboundDeliveryQuerySchema,
  outboundDeliverySchema,
  outboundWebhookCreatedSchema,
  outboundWebhookCreateSchema,
  outboundWebhookListSchema,
  outboundWebhookSchema,
  outboundWebhookUpdateBodySchema,
} from '@wac/contract/outbound-webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { OutboundWebhooksService } from './outbound-webhooks.service.ts';

const tags = ['Outbound webhooks'];
const apiAccess = { license: { feature: 'apiAccess' as const } };
const signing =
  'Each delivery is a POST of the JSON event ({ id, event, createdAt, data }) with X-WAC-Event, X-WAC-Delivery and ' +
  'X-WAC-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody" keyed with the signing secret>, signed at ' +
  'each attempt; refuse a t more than 5 minutes from your clock. X-WAC-Signature-256 (sha256= and the HMAC of the raw ' +
  'body alone) is still sent for this release and will be removed. A 2xx answer ' +
  'delivers it; anything else is tried again with growing waits for 24 hours. URLs whose host has a private, loopback ' +
  'or link-local address are refused (400) unless an admin allowed the host in Settings (webhooks.allowed_hosts).';

/** Outbound webhooks (issue "signed outbound webhooks"): admins subscribe URLs to events, behind the licence's apiAccess feature. */
export const outboundWebhooksRoutes: FastifyPluginAsyncZod<{ service: OutboundWebhooksService }> = async (app, { service }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/api/outbound-webhooks',
    {
      config: apiAccess,
      schema: {
        tags,
        description: `Subscribes a URL to events and answers its signing secret, shown only this once. ${signing}`,
        body: outboundWebhookCreateSchema,
        response: { 201: outboundWebhookCreatedSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/outbound-webhooks',
    {
      config: apiAccess,
      schema: {
        tags,
        description: 'Every subscription, with its failures of the last day and its last delivery.',
        response: { 200: outboundWebhookListSchema },
      },
    },
    async () => ({ webhooks: await service.list() }),
  );

  const oneWebhook = { tags, params: idParamsSchema, response: { 200: outboundWebhookSchema, ...refusals } };

  app.get('/api/outbound-webhooks/:id', { config: apiAccess, schema: oneWebhook }, (request) => service.get(request.params.id));

  app.put(
    '/api/outbound-webhooks/:id',
    {
      config: apiAccess,
      schema: {
        ...oneWebhook,
        description: 'Changes the URL (checked as on create), the events, the description or whether it is active.',
        body: outboundWebhookUpdateBodySchema,
      },
    },
    (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/outbound-webhooks/:id',
    {
      config: apiAccess,
      schema: {
        tags,
        description: 'Deletes the subscription and its delivery log.',
        params: idParamsSchema,
        response: { 200: successResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/outbound-webhooks/:id/rotate-secret',
    {
      config: apiAccess,
      schema: {
        tags,
        description:
          'Replaces the signing secret and answers the new one, shown only this once; deliveries from now on are signed with it.',
        params: idParamsSchema,
        response: { 200: outboundWebhookCreatedSchema, ...refusals },
      },
    },
    (request) => service.rotateSecret(currentUser(request), request.params.id),
  );

  app.post(
    '/api/outbound-webhooks/:id/test',
    {
      config: apiAccess,
      schema: {
        tags,
        description:
          'Sends a signed "test" event now (to a paused subscription too) and answers the delivery: its status code, answer and time. Tried once.',
        params: idParamsSchema,
        response: { 200: outboundDeliverySchema, ...refusals },
      },
    },
    (request) => service.sendTest(request.params.id),
  );

  app.get(
    '/api/outbound-webhooks/:id/deliveries',
    {
      config: apiAccess,
      schema: {
        tags,
        description:
          'The delivery log, newest first: each delivery with its attempts, last status code, answer (first 2,000 characters) or network error.',
        params: idParamsSchema,
        querystring: outboundDeliveryQuerySchema,
        response: { 200: outboundDeliveryListSchema, ...refusals },
      },
    },
    (request) => service.deliveries(request.params.id, request.query),
  );

  app.post(
    '/api/outbound-webhooks/:id/deliveries/:deliveryId/retry',
    {
      config: apiAccess,
      schema: {
        tags,
        description: 'Queues a failed delivery again, due now (409 for one that is not failed).',
        params: outboundDeliveryParamsSchema,
        response: { 200: outboundDeliverySchema, ...refusals },
      },
    },
    (request) => service.retryDelivery(request.params.id, request.params.deliveryId),
  );
};
