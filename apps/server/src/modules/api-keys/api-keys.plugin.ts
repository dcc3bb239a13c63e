import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { ActivityService } from '../activities/index.ts';
import type { LicenseService } from '../license/index.ts';
import { createApiCallLog } from './api-call-log.ts';
import { createApiCallQuota } from './api-call-quota.ts';
import { createApiKeyAccess } from './api-key-access.ts';
import { registerApiKeyGuard } from './api-key-guard.ts';
import { apiCallLogCleanupJob } from './api-keys.jobs.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { type ApiKeysServiceDeps, createApiKeysService } from './api-keys.service.ts';

export interface ApiKeysDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'rateLimits' | 'apiLogRetentionDays'>;
  jobs: JobRunner;
  activities: ActivityService;
  /** Feature `apiAccess` and the daily api_calls quota. */
  license: LicenseService;
  /** app.timezone: "calls today" and the usage chart's days. */
  appTimezone: () => Promise<string>;
  /** Messaging's read of the customer's number of each logged message. */
  messaging: Pick<ApiKeysServiceDeps, 'phonesOfMessages'>;
}

/**
 * API keys: the admins' routes, the X-API-Key guard (app.requireApiKey) with the usage log it writes, and the log's
 * retention. Called on the root instance, before the domains whose routes use the guard: its decorators and hooks
 * must reach them.
 */
export async function registerApiKeys(app: FastifyInstance, deps: ApiKeysDeps): Promise<void> {
  const { db, log, config, license } = deps;
  const repository = createApiKeysRepository(db);
  const access = createApiKeyAccess(repository);
  const usage = createApiCallLog({ write: (rows) => repository.insertCalls(rows), log });
  registerApiKeyGuard(app, {
    keys: access,
    license,
    quota: createApiCallQuota(license, db),
    usage,
    callsPerAddress: config.rateLimits.apiSends,
  });
  app.addHook('onClose', () => usage.close());

  const service = createApiKeysService({
    db,
    repository,
    access,
    activities: deps.activities,
    appTimezone: deps.appTimezone,
    phonesOfMessages: deps.messaging.phonesOfMessages,
  });
  await app.register(apiKeysRoutes, { service });
  deps.jobs.schedule(apiCallLogCleanupJob({ repository, days: config.apiLogRetentionDays, log }));
}
