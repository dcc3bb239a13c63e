import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { MessagingService } from '../messaging/index.ts';
import { createIdempotency } from './idempotency.ts';
import { idempotencySweepJob } from './public-api.jobs.ts';
import { publicApiRoutes } from './public-api.routes.ts';
import { createPublicSends } from './public-sends.ts';

export interface PublicApiDeps {
  db: Db;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  messaging: MessagingService;
  /** DATA_DIR/media_storage, where a sent file is kept. */
  storage: MediaStorage;
}

/** The sends an API key makes (X-API-Key), through the console's use cases, once per Idempotency-Key. */
export async function registerPublicApi(app: FastifyInstance, deps: PublicApiDeps): Promise<void> {
  const { db } = deps;
  await app.register(publicApiRoutes, {
    sends: createPublicSends(deps.messaging),
    storage: deps.storage,
    idempotency: createIdempotency(db),
  });
  deps.jobs.schedule(idempotencySweepJob({ db, log: deps.log }));
}
