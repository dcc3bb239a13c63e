import type { FastifyInstance } from 'fastify';
import { licenseRoutes } from './license.routes.ts';
import { createLicenseAdminService, type LicenseAdminServiceDeps } from './license-admin.service.ts';

/** What the licence domain's routes use: exactly what its admin side is built from. */
export type LicenseDeps = LicenseAdminServiceDeps;

/** The licence as admins manage it: key, status, storage (the licence service itself is shared, built by the root). */
export async function registerLicense(app: FastifyInstance, deps: LicenseDeps): Promise<void> {
  await app.register(licenseRoutes, { licenseAdmin: createLicenseAdminService(deps) });
}
