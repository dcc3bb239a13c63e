import { appSettingsBodySchema, appSettingsResponseSchema } from '@wac/contract/app-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requestMeta } from '../../http/auth-guard.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['App settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settingsService: SettingsService }> = async (app, { settingsService }) => {
  // Branding for the sign-in page, before anyone is signed in.
  app.get('/api/app/public', { schema: { tags, security: [], response: { 200: appSettingsResponseSchema } } }, async () => ({
    settings: await settingsService.publicAppSettings(),
  }));

  app.get(
    '/api/app/settings',
    { onRequest: [app.requireAdmin], schema: { tags, response: { 200: appSettingsResponseSchema } } },
    async () => ({ settings: await settingsService.appSettings() }),
  );

  app.put(
    '/api/app/settings',
    { onRequest: [app.requireAdmin], schema: { tags, body: appSettingsBodySchema, response: { 200: appSettingsResponseSchema } } },
    async (request) => ({
      settings: await settingsService.updateAppSettings(currentUser(request), request.body.settings, requestMeta(request)),
    }),
  );
};
