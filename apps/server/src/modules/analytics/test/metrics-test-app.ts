import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TestApp } from '../../../../test/test-app.ts';
import { registerAuthGuards } from '../../../http/auth-guard.ts';
import { registerErrorHandler } from '../../../http/error-handler.ts';
import { campaignNamesByIds } from '../../campaigns/index.ts';
import { registerLicenseGuard } from '../../license/index.ts';
import { metricsRoutes } from '../metrics.routes.ts';

/**
 * The metrics routes on their own Fastify instance beside a test app (sharing its database, sessions and licence), as
 * the analytics plugin will register them: the test app's tokens and licence apply.
 */
export async function metricsTestApp(t: TestApp): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAuthGuards(app, t.ctx.authenticate);
  registerLicenseGuard(app, t.ctx.license);
  const { db } = t.ctx.database;
  await app.register(metricsRoutes, { db, appTimezone: t.ctx.appTimezone, campaignNames: (ids) => campaignNamesByIds(db, ids) });
  await app.ready();
  return app;
}
