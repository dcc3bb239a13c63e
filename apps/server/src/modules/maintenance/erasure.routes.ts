import { erasureSchema, erasureTargetSchema } from '@wac/contract/erasure';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { refusals } from '../../http/route-config.ts';
import type { ErasureService } from './erasure.service.ts';

const tags = ['Maintenance'];

/** Erasing a customer's data on request (privacy laws give customers this right). Admins only. */
export const erasureRoutes: FastifyPluginAsyncZod<{ erasure: ErasureService }> = async (app, { erasure }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/api/privacy/erasure/preview',
    { schema: { tags, querystring: erasureTargetSchema, response: { 200: erasureSchema, ...refusals } } },
    (request) => erasure.preview(request.query.phone),
  );
  app.post(
    '/api/privacy/erasure',
    { schema: { tags, body: erasureTargetSchema, response: { 200: erasureSchema, ...refusals } } },
    (request) => erasure.erase(currentUser(request).id, request.body.phone),
  );
};
