import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsCspHeader } from '../http/security-headers.ts';

/** The OpenAPI document, generated from the routes' zod schemas, and its page under /api/docs. */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'WhatsApp Agent Chat API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description:
              'The secret of an API key an admin created under API keys (`wac_` and 43 characters). Only the sending endpoints ' +
              'that declare this scheme take it, each needing its scope; every other endpoint takes a bearer token.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const docsCsp = docsCspHeader(publicUrl);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: async (_request, reply) => void reply.header('content-security-policy', docsCsp) },
  });
}
