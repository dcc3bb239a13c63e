/**
 * The licence: feature gates, quotas and their consumption, and the key as admins manage it.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { type LicenseDeps, registerLicense } from './license.plugin.ts';
export type { LicenseService, LicenseServiceDeps } from './license.service.ts';
export { createLicenseService } from './license.service.ts';
export { registerLicenseGuard } from './license-guard.ts';
