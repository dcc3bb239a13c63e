import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, DbOrTx } from './db/database.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { ActivityService } from './modules/activities/index.ts';
import type { AuthService } from './modules/auth/index.ts';
import type { Mailer } from './modules/email/index.ts';
import type { LicenseAdminService, LicenseService } from './modules/license/index.ts';
import type { MediaLinks, MessagingDeps, MessagingService } from './modules/messaging/index.ts';
import type { SettingsService } from './modules/settings/index.ts';
import type { TemplatesService } from './modules/templates/index.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import type { CloudApiClient } from './whatsapp/cloud-api-client.ts';

/** What the shared services are built from (plugins/shared-services.ts), and what they may use. */
export interface BaseContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  realtime: Realtime;
  mailer: Mailer;
  activities: ActivityService;
  /** Background work: each domain hands it its job kinds and claim loops when it registers. */
  jobs: JobRunner;
  /** The licence in force: feature gates, quota checks and consumption (modules/license/license.service.ts). */
  license: LicenseService;
}

/** What every domain plugin is given: each service built once at start, shared by routes, services and jobs. */
export interface AppContext extends BaseContext {
  settings: SettingsService;
  /** Sessions and sign-in: the HTTP guards and the realtime server authenticate through it. */
  auth: AuthService;
  /** The licence as admins manage it: key, status and storage. */
  licenseAdmin: LicenseAdminService;
  /** The app's timezone setting, read when it is needed (daily quotas, reports, analytics); inside a transaction, with its `tx`. */
  appTimezone: (tx?: DbOrTx) => Promise<string>;
  /** The configured Graph API: Meta's, or the sandbox. */
  whatsapp: CloudApiClient;
  media: {
    /** DATA_DIR/media_storage: every message's file. */
    storage: MediaStorage;
    /** DATA_DIR/uploads: files kept to send as template header media, again when a failed template is retried. */
    uploads: MediaStorage;
    links: MediaLinks;
  };
  /**
   * The messaging core (modules/messaging), which alone stores and sends messages: its service for routes and other
   * domains, and its deps for domains whose own use cases build on its parts (templates).
   */
  messaging: { service: MessagingService; deps: MessagingDeps };
  /** Message templates: managed and sent by the templates domain, looked up by campaigns (and flows next). */
  templates: TemplatesService;
}
