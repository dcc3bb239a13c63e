/**
 * App settings: read from memory, saved with an activity.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export type { SettingsRepository } from './settings.repository.ts';
export { createSettingsRepository } from './settings.repository.ts';
export { settingsRoutes } from './settings.routes.ts';
export type { SettingsService } from './settings.service.ts';
export { createSettingsService } from './settings.service.ts';
