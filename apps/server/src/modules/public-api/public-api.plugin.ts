import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createIdempotency } from './idempotency.ts';
import { idempotencySweepJob } from './public-api.jobs.ts';
import { publicApiRoutes } from './public-api.routes.ts';
import { createPublicSends } from './public-sends.ts';

/** The sends an API key makes (X-API-Key), through the console's use cases, once per Idempotency-Key. */
export const publicApiPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  await app.register(publicApiRoutes, {
    sends: createPublicSends(ctx.messaging.service),
    storage: ctx.media.storage,
    idempotency: createIdempotency(db),
  });
  ctx.jobs.schedule(idempotencySweepJob({ db, log: ctx.log }));
};
