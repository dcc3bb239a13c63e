/**
 * App settings: read from memory, saved with an activity.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */

export { type DomainSettings, installSecret, settingsOf } from './domain-settings.ts';
export { registerSettings, type SettingsDeps } from './settings.plugin.ts';
export type { SettingsService, SettingsServiceDeps } from './settings.service.ts';
export { createSettingsService } from './settings.service.ts';
