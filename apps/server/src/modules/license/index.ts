/**
 * The licence: feature gates, quotas and their consumption, and the key as admins manage it.
 * Its public face: what other domains and the composition root may use; nothing else in this folder is imported from outside it.
 */
export { licenseRoutes } from './license.routes.ts';
export type { LicenseService } from './license.service.ts';
export { createLicenseParts } from './license.service.ts';
export type { LicenseAdminService } from './license-admin.service.ts';
export { createLicenseAdminService } from './license-admin.service.ts';
