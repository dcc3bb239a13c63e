/**
 * App settings: read from memory, saved with an activity.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */

export { registerSettings, type SettingsDeps } from './settings.plugin.ts';
export type { SettingsRepository } from './settings.repository.ts';
export { createSettingsRepository } from './settings.repository.ts';
export type { SettingsService, SettingsServiceDeps } from './settings.service.ts';
export { createSettingsService } from './settings.service.ts';
