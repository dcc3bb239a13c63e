import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createHttpCaller } from './flow-http.ts';
import { createFlowRuntime } from './flow-runtime.ts';
import { flowSessionsRoutes } from './flow-sessions.routes.ts';
import { createFlowSessionsService } from './flow-sessions.service.ts';
import { flowInboxLoop, flowSessionTimersJob } from './flows.jobs.ts';
import { flowsRoutes } from './flows.routes.ts';
import { createFlowsService } from './flows.service.ts';

/** Bot flows: the builder's API, versions, activation and triggers; sessions and the WhatsApp runtime. */
export const flowsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const flows = createFlowsService({ db: ctx.database.db, activities: ctx.activities });
  await app.register(flowsRoutes, { service: flows });

  // Sessions: the API's (the builder's "Try it") and customers' over WhatsApp, on the same engine.
  const db = ctx.database.db;
  const engine = {
    callHttp: createHttpCaller({ allowedHosts: () => ctx.settings.flowAllowedHosts() }),
    maxSteps: ctx.config.flows.maxSteps,
  };
  await app.register(flowSessionsRoutes, { service: createFlowSessionsService({ db, flows, engine }) });
  const runtime = createFlowRuntime({
    db,
    databaseUrl: ctx.database.url,
    log: ctx.log,
    messaging: ctx.messaging.service,
    activities: ctx.activities,
    flows,
    engine,
    botFlowsEnabled: async () => (await ctx.license.current()).features.botFlows === true,
  });
  const { events } = ctx.messaging.deps;
  const inTransaction = { subscriber: 'flows', phase: 'in-transaction' } as const;
  events.subscribe({ ...inTransaction, types: ['message.for_bot'], handle: runtime.onInbound });
  events.subscribe({ ...inTransaction, types: ['conversation.left_bot'], handle: runtime.onLeftBot });
  events.subscribe({ ...inTransaction, types: ['conversation.opted_out'], handle: runtime.onOptedOut });
  ctx.jobs.claimLoop(flowInboxLoop(db, runtime));
  ctx.jobs.schedule(flowSessionTimersJob({ runtime, log: ctx.log, idleMinutes: ctx.config.flows.idleMinutes }));
};
