import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerApiKeyGuard } from '../../http/api-key-guard.ts';
import { createApiCallLog } from './api-call-log.ts';
import { createApiCallQuota } from './api-call-quota.ts';
import { createApiKeyAccess } from './api-key-access.ts';
import { apiCallLogCleanupJob } from './api-keys.jobs.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';

/**
 * API keys: the admins' routes, the X-API-Key guard (app.requireApiKey) with the usage log it writes, and the log's
 * retention. Called on the root instance, before the domains whose routes use the guard: its decorators and hooks
 * must reach them.
 */
export async function registerApiKeys(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const repository = createApiKeysRepository(db);
  const access = createApiKeyAccess(repository);
  const usage = createApiCallLog({ write: (rows) => repository.insertCalls(rows), log: ctx.log });
  registerApiKeyGuard(app, {
    keys: access,
    license: ctx.license,
    quota: createApiCallQuota(ctx.license, db),
    usage,
    callsPerAddress: ctx.config.rateLimits.apiSends,
  });
  app.addHook('onClose', () => usage.close());

  const service = createApiKeysService({
    db,
    repository,
    access,
    activities: ctx.activities,
    appTimezone: ctx.appTimezone,
    phonesOfMessages: ctx.messaging.service.phonesOfMessages,
  });
  await app.register(apiKeysRoutes, { service });
  ctx.jobs.schedule(apiCallLogCleanupJob({ repository, days: ctx.config.apiLogRetentionDays, log: ctx.log }));
}
