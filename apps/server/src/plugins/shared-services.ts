import type { FastifyInstance } from 'fastify';
import type { AppContext, BaseContext } from '../app-context.ts';
import type { Config } from '../config.ts';
import type { Database, DbOrTx } from '../db/database.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { createActivitiesRepository, createActivityService } from '../modules/activities/index.ts';
import { createAuthRepository, createAuthService } from '../modules/auth/index.ts';
import { createMailer } from '../modules/email/index.ts';
import { createLicenseAdminService, createLicenseParts } from '../modules/license/index.ts';
import { createMessagingDeps, createMessagingService, loadMediaLinks } from '../modules/messaging/index.ts';
import { createSettingsRepository, createSettingsService } from '../modules/settings/index.ts';
import { createTemplatesService } from '../modules/templates/index.ts';
import { createUsersRepository } from '../modules/users/index.ts';
import { onAnnouncementFailure } from '../realtime/after-commit.ts';
import { createRealtime } from '../realtime/realtime.ts';
import { createMediaStorage } from '../storage/media-storage.ts';
import { cloudApiClientFor } from '../whatsapp/cloud-api-client.ts';

/** Builds every shared service once; the domain plugins are each given the result. */
export async function createAppContext(app: FastifyInstance, config: Config, database: Database): Promise<AppContext> {
  const { db } = database;
  onAnnouncementFailure((err) => app.log.error({ err }, 'an announcement after commit failed'));
  const settingsRepository = createSettingsRepository(db);

  // The realtime server authenticates sockets through the auth service, which is built from it.
  let auth: AppContext['auth'] | undefined;
  const realtime = createRealtime(
    app.server,
    async (token) => (auth ? auth.authenticate(token) : null),
    database.url,
    (err) => app.log.warn({ err }, 'realtime adapter error'),
  );
  // Daily quotas follow the app's timezone, read when they are counted.
  let settings: AppContext['settings'] | undefined;
  const appTimezone = async (tx?: DbOrTx) => {
    if (!settings) throw new Error('settings are not built yet');
    return (await settings.appSettings(tx))['app.timezone'];
  };
  const license = createLicenseParts(config, db, appTimezone);

  const base: BaseContext = {
    config,
    database,
    log: app.log,
    realtime,
    mailer: createMailer(config, settingsRepository, app.log),
    activities: createActivityService(createActivitiesRepository(db), realtime),
    jobs: createJobRunner({ databaseUrl: database.url, pool: database.pool, log: app.log, pollIntervalMs: config.jobsPollIntervalMs }),
    license: license.service,
  };
  settings = createSettingsService(base, settingsRepository);
  auth = createAuthService(base, createAuthRepository(db), createUsersRepository(db));

  const shared = {
    ...base,
    settings,
    auth,
    licenseAdmin: createLicenseAdminService(base, license),
    appTimezone,
    whatsapp: cloudApiClientFor(config.whatsapp),
    media: {
      storage: createMediaStorage(config.dataDir),
      uploads: createMediaStorage(config.dataDir, 'uploads'),
      links: await loadMediaLinks(db, createSecretBox(config.dataDir)),
    },
  };
  const messaging = createMessagingDeps(shared);
  const messagingService = createMessagingService(messaging);
  return {
    ...shared,
    messaging: { service: messagingService, deps: messaging },
    templates: createTemplatesService({
      db,
      realtime,
      activities: base.activities,
      license: base.license,
      client: shared.whatsapp,
      uploads: shared.media.uploads,
      messaging: messagingService,
    }),
  };
}
