import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { mediaSizeLimits } from '@wac/contract/chat';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAuthGuards } from './http/auth-guard.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerLicenceGuard } from './http/licence-guard.ts';
import { loggerOptions } from './http/logger.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { docsCspHeader, registerSecurityHeaders } from './http/security-headers.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createActivitiesRepository } from './modules/activities/activities.repository.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { createActivityService } from './modules/activities/activities.service.ts';
import { agentSessionsRoutes } from './modules/agent-sessions/agent-sessions.routes.ts';
import { signInCleanupJob } from './modules/auth/auth.jobs.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { staleSendSweepJob } from './modules/chat/chat.jobs.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatDeps } from './modules/chat/chat-deps.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { createEmailService } from './modules/email/email.service.ts';
import { createMailer, outboxDir } from './modules/email/mailer.ts';
import { createOutboxRepository } from './modules/email/outbox.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { licenseRoutes } from './modules/license/license.routes.ts';
import { createLicenseParts } from './modules/license/license.service.ts';
import { createLicenseAdminService } from './modules/license/license-admin.service.ts';
import { messagingPlugin } from './modules/messaging/messaging.plugin.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { templatesPlugin } from './modules/templates/templates.plugin.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createRealtime } from './realtime/realtime.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole server without listening: main.ts listens, tests use inject or listen on port 0. */
export async function buildApp(config: Config, database: Database): Promise<BuiltApp> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    // A hop count trusts that many proxies nearest the server (Fastify's types leave numbers out).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, config.publicUrl);
  await registerRateLimits(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'WhatsApp Agent Chat API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const docsCsp = docsCspHeader(config.publicUrl);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: async (_request, reply) => void reply.header('content-security-policy', docsCsp) },
  });
  // One multipart parser for agents' media and the sandbox's uploads; Meta's largest file (a document) bounds it.
  await app.register(fastifyMultipart, { limits: { fileSize: mediaSizeLimits.document, files: 1, fields: 10 } });

  const settingsRepository = createSettingsRepository(database.db);
  const usersRepository = createUsersRepository(database.db);
  const authRepository = createAuthRepository(database.db);
  const mailer = createMailer(config, settingsRepository, app.log);

  // The realtime server and the HTTP guards authenticate through the same service.
  let authenticate: (token: string) => ReturnType<ReturnType<typeof createAuthService>['authenticate']> = async () => null;
  const realtime = createRealtime(
    app.server,
    (token) => authenticate(token),
    database.url,
    (err) => app.log.warn({ err }, 'realtime adapter error'),
  );
  const activities = createActivityService(createActivitiesRepository(database.db), realtime);
  // Daily quotas follow the app's timezone, read when they are counted.
  const license = createLicenseParts(config, database.db, async () => (await settingsService.appSettings())['app.timezone']);
  const jobs = createJobRunner({ databaseUrl: database.url, pool: database.pool, log: app.log, pollIntervalMs: config.jobsPollIntervalMs });
  const ctx: AppContext = { config, database, log: app.log, realtime, mailer, activities, licence: license.service, jobs };
  const settingsService = createSettingsService(ctx, settingsRepository);
  const authService = createAuthService(ctx, authRepository, usersRepository);
  jobs.schedule(signInCleanupJob({ auth: authRepository, realtime, log: app.log }));
  authenticate = (token) => authService.authenticate(token);
  registerAuthGuards(app, authenticate);
  registerLicenceGuard(app, ctx.licence);

  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { ctx, authService });
  await app.register(activitiesRoutes, { ctx });
  await app.register(usersRoutes, { ctx, usersService: createUsersService(ctx, usersRepository, authService) });
  await app.register(settingsRoutes, { ctx, settingsService });
  await app.register(licenseRoutes, { licenseAdmin: createLicenseAdminService(ctx, license) });
  await app.register(emailRoutes, {
    ctx,
    emailService: createEmailService(ctx, settingsRepository, createOutboxRepository(outboxDir(config))),
  });
  await app.register(messagingPlugin, { ctx });
  const chatDeps = createChatDeps(ctx);
  await app.register(chatRoutes, { deps: chatDeps });
  jobs.schedule(staleSendSweepJob({ db: ctx.database.db, log: ctx.log, broadcast: (emits) => ctx.realtime.toEveryoneAll(emits) }));
  await app.register(agentSessionsRoutes, { deps: chatDeps });
  await app.register(templatesPlugin, { ctx, chatDeps });
  await app.register(jobsRoutes, { jobs });

  const serveWeb = Boolean(config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html')));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir as string,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      // Hashed bundles never change; index.html must always be fresh.
      setHeaders: (res, filePath) =>
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}static${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the web app; unknown API paths get a JSON 404.
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/socket.io');
    if (serveWeb && request.method === 'GET' && !isApi) return reply.sendFile('index.html');
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });

  // Every domain has handed over its work by now; the runner stops before the realtime server and the database.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await realtime.close();
  });
  return { app, ctx };
}
