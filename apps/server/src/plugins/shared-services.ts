import type { FastifyInstance } from 'fastify';
import type { AppContext, BaseContext } from '../app-context.ts';
import type { Config } from '../config.ts';
import type { Database, DbOrTx } from '../db/database.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { createActivityService } from '../modules/activities/index.ts';
import { createAuthService } from '../modules/auth/index.ts';
import { createMailer, EMAIL_SETTINGS } from '../modules/email/index.ts';
import { createLicenseAdminService, createLicenseParts } from '../modules/license/index.ts';
import { createMessagingDeps, createMessagingService, loadMediaLinks } from '../modules/messaging/index.ts';
import { createSettingsService, settingsOf } from '../modules/settings/index.ts';
import { createTemplatesService } from '../modules/templates/index.ts';
import { createUserAccounts } from '../modules/users/index.ts';
import { onAnnouncementFailure } from '../realtime/after-commit.ts';
import { createRealtime } from '../realtime/realtime.ts';
import { createMediaStorage } from '../storage/media-storage.ts';
import { cloudApiClientFor } from '../whatsapp/cloud-api-client.ts';

/** Builds every shared service once; the domain plugins are each given the result. */
export async function createAppContext(app: FastifyInstance, config: Config, database: Database): Promise<AppContext> {
  const { db } = database;
  onAnnouncementFailure((err) => app.log.error({ err }, 'an announcement after commit failed'));

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
    mailer: createMailer(config, settingsOf(db, EMAIL_SETTINGS), app.log),
    activities: createActivityService(db, realtime),
    jobs: createJobRunner({ databaseUrl: database.url, pool: database.pool, log: app.log, pollIntervalMs: config.jobsPollIntervalMs }),
    license: license.service,
  };
  settings = createSettingsService(base);
  auth = createAuthService(base, createUserAccounts(db));

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
  return {
    ...shared,
    messaging: { service: createMessagingService(messaging), deps: messaging },
    templates: createTemplatesService({ ...messaging, timezone: appTimezone }),
  };
}
