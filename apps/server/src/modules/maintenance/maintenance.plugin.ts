import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { LicenseService } from '../license/index.ts';
import { cleanupRoutes } from './cleanup.routes.ts';
import { createDatabaseCleanup } from './database-cleanup.service.ts';
import { erasureRoutes } from './erasure.routes.ts';
import { createErasure } from './erasure.service.ts';
import { createMaintenanceRunner } from './maintenance-runner.ts';
import { optimizeRoutes } from './optimize.routes.ts';
import { createOptimizeService, type OptimizeServiceDeps } from './optimize.service.ts';
import { retentionJob } from './retention.ts';
import { createStorageCleanup } from './storage-cleanup.service.ts';

/** What the maintenance routes use. */
export interface MaintenanceDeps extends OptimizeServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  dataDir: string;
  realtime: Pick<Realtime, 'toAdmins'>;
  /** DATA_DIR/media_storage: a deleted message's files go with it. */
  storage: Pick<MediaStorage, 'remove'>;
  appTimezone: () => Promise<string>;
  license: Pick<LicenseService, 'storageUsage'>;
  jobs: Pick<JobRunner, 'schedule'>;
}

/** Database and storage maintenance for admins: cleanups with their runs and archives, erasure on request, sizes and optimize. */
export async function registerMaintenance(app: FastifyInstance, deps: MaintenanceDeps): Promise<void> {
  const { db, dataDir } = deps;
  const runner = createMaintenanceRunner({ db, log: deps.log, realtime: deps.realtime, activities: deps.activities });
  const storageFreed = () => deps.license.storageUsage.clear();
  // Media files no row refers to any more, once the rows' transaction committed.
  const freeMediaFiles = async (keys: readonly string[]) => {
    for (const key of keys) await deps.storage.remove(key);
    if (keys.length > 0) storageFreed();
  };
  const databaseCleanup = createDatabaseCleanup({ db, dataDir, runner, freeMediaFiles, appTimezone: deps.appTimezone });
  const storageCleanup = createStorageCleanup({ db, dataDir, runner, storageFreed });
  app.addHook('onClose', () => runner.close());
  await app.register(optimizeRoutes, { optimize: createOptimizeService(deps) });
  await app.register(cleanupRoutes, { databaseCleanup, storageCleanup, dataDir, db, activities: deps.activities });
  deps.jobs.schedule(retentionJob({ db, log: deps.log, runner, databaseCleanup, storageCleanup }));
  const erasure = createErasure({ db, freeMediaFiles, appTimezone: deps.appTimezone, activities: deps.activities });
  await app.register(erasureRoutes, { erasure });
}
