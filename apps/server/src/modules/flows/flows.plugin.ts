import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { ActivityService } from '../activities/index.ts';
import type { LicenseService } from '../license/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { createHttpCaller } from './flow-http.ts';
import { createFlowRuntime, type FlowRuntimeDeps } from './flow-runtime.ts';
import { flowSessionsRoutes } from './flow-sessions.routes.ts';
import { createFlowSessionsService } from './flow-sessions.service.ts';
import { flowInboxLoop, flowSessionTimersJob } from './flows.jobs.ts';
import { flowsRoutes } from './flows.routes.ts';
import { createFlowsService } from './flows.service.ts';

export interface FlowsDeps {
  db: Db;
  /** Where the runtime's turn-lock connection goes (the same database). */
  databaseUrl: string;
  log: FastifyBaseLogger;
  config: Pick<Config, 'flows'>;
  jobs: JobRunner;
  activities: ActivityService;
  /** Feature `botFlows`: without it no new session starts. */
  license: Pick<LicenseService, 'current'>;
  settings: Pick<SettingsService, 'flowAllowedHosts'>;
  messaging: FlowRuntimeDeps['messaging'];
  /** The runtime subscribes to customers' messages for the bot, conversations leaving the bot, and opt-outs. */
  events: DomainEvents;
}

/** Bot flows: the builder's API, versions, activation and triggers; sessions and the WhatsApp runtime. */
export async function registerFlows(app: FastifyInstance, deps: FlowsDeps): Promise<void> {
  const { db, log } = deps;
  const flows = createFlowsService({ db, activities: deps.activities });
  await app.register(flowsRoutes, { service: flows });

  // Sessions: the API's (the builder's "Try it") and customers' over WhatsApp, on the same engine.
  const engine = {
    callHttp: createHttpCaller({ allowedHosts: () => deps.settings.flowAllowedHosts() }),
    maxSteps: deps.config.flows.maxSteps,
  };
  await app.register(flowSessionsRoutes, { service: createFlowSessionsService({ db, flows, engine }) });
  const runtime = createFlowRuntime({
    db,
    databaseUrl: deps.databaseUrl,
    log,
    messaging: deps.messaging,
    activities: deps.activities,
    flows,
    engine,
    botFlowsEnabled: async () => (await deps.license.current()).features.botFlows === true,
  });
  const inTransaction = { subscriber: 'flows', phase: 'in-transaction' } as const;
  deps.events.subscribe({ ...inTransaction, types: ['message.for_bot'], handle: runtime.onInbound });
  deps.events.subscribe({ ...inTransaction, types: ['conversation.left_bot'], handle: runtime.onLeftBot });
  deps.events.subscribe({ ...inTransaction, types: ['conversation.opted_out'], handle: runtime.onOptedOut });
  deps.jobs.claimLoop(flowInboxLoop(db, runtime));
  deps.jobs.schedule(flowSessionTimersJob({ runtime, log, idleMinutes: deps.config.flows.idleMinutes }));
}
