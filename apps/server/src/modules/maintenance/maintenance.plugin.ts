import type { FastifyInstance } from 'fastify';
import { optimizeRoutes } from './optimize.routes.ts';
import { createOptimizeService, type OptimizeServiceDeps } from './optimize.service.ts';

/** What the maintenance routes use. */
export type MaintenanceDeps = OptimizeServiceDeps;

/** Database and storage maintenance for admins: sizes and optimize. */
export async function registerMaintenance(app: FastifyInstance, deps: MaintenanceDeps): Promise<void> {
  await app.register(optimizeRoutes, { optimize: createOptimizeService(deps) });
}
