import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { ActivityService } from './modules/activities/activities.service.ts';
import type { Mailer } from './modules/email/mailer.ts';
import type { LicenceService } from './modules/license/license.service.ts';
import type { Realtime } from './realtime/realtime.ts';

/** What every module is given: read once at start, shared by routes, services and jobs. */
export interface AppContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  realtime: Realtime;
  mailer: Mailer;
  activities: ActivityService;
  /** Background work: each domain hands it its job kinds and claim loops when it registers. */
  jobs: JobRunner;
  /** The licence in force: feature gates, quota checks and consumption (modules/license/license.service.ts). */
  licence: LicenceService;
}
