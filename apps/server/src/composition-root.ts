import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import type { Database, DbOrTx } from './db/database.ts';
import { createDomainEvents, type DomainEvents } from './events/domain-events.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { type ActivityService, createActivityService, registerActivities } from './modules/activities/index.ts';
import { registerAnalytics, registerAnalyticsJobs } from './modules/analytics/index.ts';
import { registerApiKeys } from './modules/api-keys/index.ts';
import { type AuthService, createAuthService, createSessionAuthenticator, registerAuth } from './modules/auth/index.ts';
import { campaignNamesByIds, campaignsOfSends, registerCampaigns } from './modules/campaigns/index.ts';
import { createMailer, type Mailer, registerEmail } from './modules/email/index.ts';
import { registerFlows } from './modules/flows/index.ts';
import { registerHealth } from './modules/health/index.ts';
import { registerJobs } from './modules/jobs/index.ts';
import { createLicenseService, type LicenseService, registerLicense } from './modules/license/index.ts';
import { registerMaintenance } from './modules/maintenance/index.ts';
import {
  createMessagingDeps,
  createMessagingService,
  loadMediaLinks,
  type MediaLinks,
  type MessagingDeps,
  type MessagingService,
  registerMessaging,
} from './modules/messaging/index.ts';
import { type BusinessNumbers, createBusinessNumbers, registerNumbers } from './modules/numbers/index.ts';
import { registerOutboundWebhooks } from './modules/outbound-webhooks/index.ts';
import { createMessagePrices, type MessagePrices, registerPricing } from './modules/pricing/index.ts';
import { registerPublicApi } from './modules/public-api/index.ts';
import { createSettingsService, registerSettings, type SettingsService } from './modules/settings/index.ts';
import { createTemplateResender, createTemplatesService, registerTemplates, type TemplatesService } from './modules/templates/index.ts';
import { registerUsers } from './modules/users/index.ts';
import { onAnnouncementFailure } from './realtime/after-commit.ts';
import { type Authenticate, createRealtime, type Realtime } from './realtime/realtime.ts';
import { createMediaStorage, type MediaStorage } from './storage/media-storage.ts';
import { type CloudApiClient, cloudApiClientFor } from './whatsapp/cloud-api-client.ts';

/** Every service shared between domains, built once at start; app.ts, main.ts and the test harness hold it. */
export interface Services {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Who a session token belongs to: the HTTP guards and the realtime server ask it. */
  authenticate: Authenticate;
  realtime: Realtime;
  /** Background work: each domain hands it its job kinds and claim loops when it registers. */
  jobs: JobRunner;
  activities: ActivityService;
  settings: SettingsService;
  /** The app's timezone setting, read when it is needed (daily quotas, reports, analytics); inside a transaction, with its `tx`. */
  appTimezone: (tx?: DbOrTx) => Promise<string>;
  /** The licence in force: feature gates, quota checks and consumption. */
  license: LicenseService;
  mailer: Mailer;
  /** Sign-in, sessions and account mail. */
  auth: AuthService;
  /** The configured Graph API (Meta's, or the sandbox): the one client every domain calls. */
  whatsapp: CloudApiClient;
  /** The business's WhatsApp numbers: which one each send leaves from. */
  numbers: BusinessNumbers;
  /** The business's message rates: campaigns' estimates and spend read them. */
  prices: MessagePrices;
  /** What happens in one domain that others act on: subscribed to as domains register, closed when the server starts. */
  events: DomainEvents;
  media: {
    /** DATA_DIR/media_storage: every message's file. */
    storage: MediaStorage;
    /** DATA_DIR/uploads: files kept to send as template header media, again when a failed template is retried. */
    uploads: MediaStorage;
    links: MediaLinks;
  };
  /** The messaging core, which alone stores and sends messages: its service, and the parts its routes and jobs are built from. */
  messaging: { service: MessagingService; deps: MessagingDeps };
  /** Message templates: managed and sent by the templates domain, looked up by campaigns. */
  templates: TemplatesService;
}

/**
 * Builds the shared services once, each from those built before it: sessions are looked up from their table alone, so
 * the realtime server is built before the auth service that closes sockets through it; the settings need no licence,
 * so the licence is built after them and reads the app's timezone from them.
 */
export async function buildServices(app: FastifyInstance, config: Config, database: Database): Promise<Services> {
  const { db } = database;
  const log = app.log;
  onAnnouncementFailure((err) => log.error({ err }, 'an announcement after commit failed'));

  const authenticate = createSessionAuthenticator({ db });
  const realtime = createRealtime(app.server, authenticate, database.url, (err) => log.warn({ err }, 'realtime adapter error'));
  const jobs = createJobRunner({ databaseUrl: database.url, pool: database.pool, log, pollIntervalMs: config.jobsPollIntervalMs });
  const activities = createActivityService({ db, realtime });
  const settings = createSettingsService({ db, activities });
  // Daily quotas follow the app's timezone, read when they are counted.
  const appTimezone = async (tx?: DbOrTx) => (await settings.appSettings(tx))['app.timezone'];
  const license = createLicenseService({ db, config, appTimezone });
  const mailer = createMailer({ db, log, config });
  const auth = createAuthService({ db, log, config, realtime, activities, mailer, authenticate });
  const whatsapp = cloudApiClientFor(config.whatsapp);
  const numbers = createBusinessNumbers({ db, log, client: whatsapp, activities, firstPhoneNumberId: config.whatsapp.phoneNumberId });
  await numbers.start();
  const prices = createMessagePrices({ db, activities, currency: async () => (await settings.appSettings())['app.currency'] });
  // Domains subscribe to each other's events as they register; the list closes when the server starts.
  const events = createDomainEvents();
  const media = {
    storage: createMediaStorage(config.dataDir),
    uploads: createMediaStorage(config.dataDir, 'uploads'),
    links: await loadMediaLinks(db, createSecretBox(config.dataDir)),
  };
  // Template messages are retried as templates have them sent: resolved by templates, sent by messaging.
  const templateParts = { db, realtime, activities, license, client: whatsapp, uploads: media.uploads };
  const messagingDeps = createMessagingDeps({
    db,
    log,
    realtime,
    activities,
    license,
    client: whatsapp,
    storage: media.storage,
    links: media.links,
    numbers,
    optOutSettings: (tx) => settings.optOutSettings(tx),
    readReceipts: async () => (await settings.appSettings())['app.read_receipts'] === 'on',
    marketingMessagesApi: async () => (await settings.appSettings())['app.marketing_messages_api'] === 'on',
    events,
    resenders: new Map([['template', createTemplateResender(templateParts)]]),
  });
  const messaging = createMessagingService(messagingDeps);
  const templates = createTemplatesService({ ...templateParts, messaging });
  return {
    config,
    database,
    log,
    authenticate,
    realtime,
    jobs,
    activities,
    settings,
    appTimezone,
    license,
    mailer,
    auth,
    whatsapp,
    numbers,
    prices,
    events,
    media,
    messaging: { service: messaging, deps: messagingDeps },
    templates,
  };
}

/**
 * Each domain's registration, given exactly what it uses, in the order they register. API keys come first, on the root
 * instance: their guard's decorators and hooks must reach the domains whose routes use it.
 */
function domainRegistrations(app: FastifyInstance, services: Services) {
  const {
    config,
    database,
    log,
    realtime,
    jobs,
    activities,
    settings,
    appTimezone,
    license,
    mailer,
    auth,
    whatsapp,
    numbers,
    prices,
    events,
    media,
  } = services;
  const { db } = database;
  const messaging = services.messaging.service;

  return {
    'api-keys': () => registerApiKeys(app, { db, log, config, jobs, activities, license, appTimezone, messaging }),
    health: () => registerHealth(app, { database }),
    auth: () => registerAuth(app, { db, log, config, realtime, jobs, auth, mailer }),
    activities: () => registerActivities(app, { config, activities }),
    users: () => registerUsers(app, { db, log, realtime, activities, license, auth }),
    settings: () => registerSettings(app, { settings }),
    license: () => registerLicense(app, { db, config, activities, license }),
    email: () => registerEmail(app, { db, log, config, activities, mailer }),
    numbers: () => registerNumbers(app, { numbers }),
    pricing: () => registerPricing(app, { prices }),
    messaging: () =>
      registerMessaging(app, {
        database,
        log,
        config,
        realtime,
        jobs,
        client: whatsapp,
        storage: media.storage,
        links: media.links,
        messaging,
        messagingDeps: services.messaging.deps,
        appTimezone,
      }),
    templates: () =>
      registerTemplates(app, {
        db,
        config,
        jobs,
        templates: services.templates,
        campaignsOfSends: (wamids) => campaignsOfSends(db, wamids),
        events,
        uploads: media.uploads,
        appTimezone,
      }),
    'public-api': () => registerPublicApi(app, { db, log, jobs, messaging, storage: media.storage }),
    campaigns: () =>
      registerCampaigns(app, {
        db,
        log,
        config,
        realtime,
        jobs,
        activities,
        license,
        settings,
        templates: services.templates,
        messaging,
        events,
        client: whatsapp,
        numbers,
        prices,
        uploads: media.uploads,
      }),
    flows: () => registerFlows(app, { db, databaseUrl: database.url, log, config, jobs, activities, license, settings, messaging, events }),
    'outbound-webhooks': () => registerOutboundWebhooks(app, { db, log, config, realtime, jobs, activities, settings, events }),
    analytics: () =>
      registerAnalytics(app, { db, appTimezone, campaignNames: (ids) => campaignNamesByIds(db, ids), rates: () => prices.rates() }),
    // The rollups every analytics figure is read from, kept up to date by a job: a registration of its own, so tests of
    // the analytics endpoints read the rows they seed, and a test that names it runs the job.
    'analytics-rollups': () => registerAnalyticsJobs({ db, log, jobs, appTimezone }),
    jobs: () => registerJobs(app, { jobs }),
    maintenance: () =>
      registerMaintenance(app, {
        db,
        pool: database.pool,
        log,
        dataDir: config.dataDir,
        realtime,
        activities,
        storage: media.storage,
        appTimezone: () => appTimezone(),
        license,
        jobs,
      }),
  };
}

/** A domain the composition root can register: its folder's name. */
export type DomainName = keyof ReturnType<typeof domainRegistrations>;

/**
 * Registers the given domains (every one unless told), always in the order above, whichever order they are named in;
 * the shared services are built whether their domain's routes are registered or not.
 */
export async function registerDomains(app: FastifyInstance, services: Services, domains?: readonly DomainName[]): Promise<void> {
  for (const [name, register] of Object.entries(domainRegistrations(app, services))) {
    if (!domains || domains.includes(name as DomainName)) await register();
  }
}
