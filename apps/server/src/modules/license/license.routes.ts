import { successResponseSchema } from '@wac/contract/errors';
import {
  licenseChangeResponseSchema,
  licenseDetailsResponseSchema,
  licenseStatusSchema,
  storageQuerySchema,
  storageUsageSchema,
  updateLicenseBodySchema,
} from '@wac/contract/license';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import type { LicenseAdminService } from './license-admin.service.ts';

const tags = ['Licence'];

/** Spec 7 "Licence and cleanup": admins only. These stay open while the licence blocks other changes. */
export const licenseRoutes: FastifyPluginAsyncZod<{ licenseAdmin: LicenseAdminService }> = async (app, { licenseAdmin }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get('/api/license/details', { schema: { tags, response: { 200: licenseDetailsResponseSchema } } }, async () => ({
    license: await licenseAdmin.details(),
  }));

  app.get('/api/license/status', { schema: { tags, response: { 200: licenseStatusSchema } } }, () => licenseAdmin.status());

  app.get('/api/license/storage', { schema: { tags, querystring: storageQuerySchema, response: { 200: storageUsageSchema } } }, (request) =>
    licenseAdmin.storage(request.query.refresh ?? false),
  );

  app.post(
    '/api/license/update',
    { schema: { tags, body: updateLicenseBodySchema, response: { 200: licenseChangeResponseSchema } } },
    async (request) => ({
      message: 'Licence applied',
      license: await licenseAdmin.update(currentUser(request), request.body, requestMeta(request)),
    }),
  );

  app.delete('/api/license/revoke', { schema: { tags, response: { 200: licenseChangeResponseSchema } } }, async (request) => ({
    message: 'Licence revoked: the install runs on the Development plan',
    license: await licenseAdmin.revoke(currentUser(request), requestMeta(request)),
  }));

  app.post('/api/license/reload-env', { schema: { tags, response: { 200: licenseChangeResponseSchema } } }, async (request) => ({
    message: 'Licence reloaded from the environment',
    license: await licenseAdmin.reloadEnv(currentUser(request), requestMeta(request)),
  }));

  app.delete('/api/license/storage/cache', { schema: { tags, response: { 200: successResponseSchema } } }, async (request) => {
    await licenseAdmin.clearStorageCache(currentUser(request), requestMeta(request));
    return { success: true as const };
  });
};
