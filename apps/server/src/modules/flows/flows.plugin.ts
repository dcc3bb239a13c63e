import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { flowsRoutes } from './flows.routes.ts';
import { createFlowsService } from './flows.service.ts';

/** Bot flows: the builder's API, versions, activation and triggers; sessions and the WhatsApp runtime. */
export const flowsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const flows = createFlowsService({ db: ctx.database.db, activities: ctx.activities });
  await app.register(flowsRoutes, { service: flows });
};
