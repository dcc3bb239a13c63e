import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsCspHeader } from '../http/security-headers.ts';

/** Whether any operation of a path item declares the X-API-Key scheme. */
function takesKey(pathItem: object): boolean {
  return Object.values(pathItem).some((operation: { security?: object[] } | undefined) =>
    operation?.security?.some((scheme) => 'apiKey' in scheme),
  );
}

/** The public endpoints an X-API-Key calls first (what integrators read the page for), then the rest as registered. */
function keyEndpointsFirst<T extends { paths?: object }>(document: T): T {
  const paths = Object.entries(document.paths ?? {});
  return { ...document, paths: Object.fromEntries([...paths.filter(([, p]) => takesKey(p)), ...paths.filter(([, p]) => !takesKey(p))]) };
}

/** The OpenAPI document, generated from the routes' zod schemas, and its page under /api/docs. */
export async function registerApiDocs(
  app: FastifyInstance,
  publicUrl: string,
  firstTags: { name: string; description: string }[],
): Promise<void> {
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
      // Swagger UI shows these tags first, in this order (the public API's).
      tags: firstTags,
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => ('openapiObject' in document ? keyEndpointsFirst(document.openapiObject) : document.swaggerObject),
  });
  const docsCsp = docsCspHeader(publicUrl);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: async (_request, reply) => void reply.header('content-security-policy', docsCsp) },
  });
}
