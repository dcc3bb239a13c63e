import type { FastifyInstance } from 'fastify';
import { settingsRoutes } from './settings.routes.ts';
import type { SettingsService } from './settings.service.ts';

export interface SettingsDeps {
  settings: SettingsService;
}

/** The app settings: public branding, and the admins' settings page. */
export async function registerSettings(app: FastifyInstance, { settings }: SettingsDeps): Promise<void> {
  await app.register(settingsRoutes, { settingsService: settings });
}
