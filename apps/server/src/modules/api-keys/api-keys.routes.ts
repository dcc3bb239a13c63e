import {
  API_KEY_DEFAULT_RATE_LIMIT,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyLogListSchema,
  apiKeyLogQuerySchema,
  apiKeySchema,
  apiKeyUpdateBodySchema,
  apiKeyUsageQuerySchema,
  apiKeyUsageSchema,
  REFUSALS_LOGGED_EACH,
} from '@wac/contract/api-keys';
import { idParamsSchema } from '@wac/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['API keys'];
const apiAccess = { license: { feature: 'apiAccess' as const } };
const oneKey = { tags, params: idParamsSchema, response: { 200: apiKeySchema, ...refusals } };

/** Spec 7 "API keys": admins manage keys with a bearer token (a key cannot manage keys), behind the licence's apiAccess. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ service: ApiKeysService }> = async (app, { service }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/api/keys',
    {
      config: apiAccess,
      schema: {
        tags,
        description:
          'Creates a key and answers its secret (`wac_` and 43 characters) this once: only its SHA-256 is stored, and its first 12 ' +
          'characters (`prefix`) to recognise it. Without allowedIps any address may use it. Without rateLimitPerMinute it may make ' +
          `${API_KEY_DEFAULT_RATE_LIMIT} calls a minute; null leaves only the plan's daily api_calls quota to limit it.`,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/keys',
    {
      config: apiAccess,
      schema: { tags, description: 'Newest first, revoked and expired keys included.', response: { 200: apiKeyListSchema } },
    },
    () => service.list(),
  );

  app.get('/api/keys/:id', { config: apiAccess, schema: oneKey }, (request) => service.get(request.params.id));

  app.put(
    '/api/keys/:id',
    {
      config: apiAccess,
      schema: {
        ...oneKey,
        description:
          'Changes any of name, scopes, expiresAt, allowedIps and rateLimitPerMinute (null clears expiry and rate limit). Every ' +
          'server applies the change within a second. A revoked key cannot be changed (409).',
        body: apiKeyUpdateBodySchema,
      },
    },
    (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/keys/:id',
    {
      config: apiAccess,
      schema: {
        ...oneKey,
        description: 'Revokes the key: every server refuses it within a second. Its log stays. Revoking it again changes nothing.',
      },
    },
    (request) => service.revoke(currentUser(request), request.params.id),
  );

  app.get(
    '/api/keys/:id/logs',
    {
      config: apiAccess,
      schema: {
        tags,
        description:
          'Every call made with the key, newest first (written within a quarter of a second of the answer). Refused calls past ' +
          `the first ${REFUSALS_LOGGED_EACH} of an address, endpoint and reason in a minute are one row whose calls counts them. ` +
          'replayed marks an answer repeated for an Idempotency-Key, phone the customer of the stored message. status filters by ' +
          'an HTTP status or `errors` (400 and above), path by part of the path, from and to by time.',
        params: idParamsSchema,
        querystring: apiKeyLogQuerySchema,
        response: { 200: apiKeyLogListSchema, ...refusals },
      },
    },
    (request) => service.logs(request.params.id, request.query),
  );

  app.get(
    '/api/keys/:id/usage',
    {
      config: apiAccess,
      schema: {
        tags,
        description: "Calls and errors per day over the last `days` days (the app's timezone), oldest first; errorRate in percent.",
        params: idParamsSchema,
        querystring: apiKeyUsageQuerySchema,
        response: { 200: apiKeyUsageSchema, ...refusals },
      },
    },
    (request) => service.usage(request.params.id, request.query.days),
  );
};
