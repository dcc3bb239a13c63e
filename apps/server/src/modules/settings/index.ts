/**
 * App settings: read from memory, saved with an activity.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type DomainSettings, installSecret, settingsOf } from './domain-settings.ts';
export { settingsRoutes } from './settings.routes.ts';
export type { SettingsService } from './settings.service.ts';
export { createSettingsService } from './settings.service.ts';
