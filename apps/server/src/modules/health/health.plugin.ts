import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { healthRoutes } from './health.routes.ts';

export interface HealthDeps {
  database: Pick<Database, 'pool'>;
}

/** Whether the server and its database answer, and the migrations are applied. */
export async function registerHealth(app: FastifyInstance, { database }: HealthDeps): Promise<void> {
  await app.register(healthRoutes, { pool: database.pool });
}
