import fastifyMultipart from '@fastify/multipart';
import { mediaSizeLimits } from '@wac/contract/chat';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAuthGuards } from './http/auth-guard.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerLicenseGuard } from './http/license-guard.ts';
import { loggerOptions } from './http/logger.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { activitiesRoutes } from './modules/activities/index.ts';
import { registerApiKeys } from './modules/api-keys/index.ts';
import { authPlugin } from './modules/auth/index.ts';
import { campaignsPlugin } from './modules/campaigns/index.ts';
import { emailPlugin } from './modules/email/index.ts';
import { flowsPlugin } from './modules/flows/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { jobsRoutes } from './modules/jobs/index.ts';
import { licenseRoutes } from './modules/license/index.ts';
import { messagingPlugin } from './modules/messaging/index.ts';
import { outboundWebhooksPlugin } from './modules/outbound-webhooks/index.ts';
import { publicApiPlugin } from './modules/public-api/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { templatesPlugin } from './modules/templates/index.ts';
import { usersPlugin } from './modules/users/index.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { createAppContext } from './plugins/shared-services.ts';
import { registerWebConsole } from './plugins/web-console.ts';

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
  await registerApiDocs(app, config.publicUrl);
  // One multipart parser for agents' media and the sandbox's uploads; Meta's largest file (a document) bounds it.
  await app.register(fastifyMultipart, { limits: { fileSize: mediaSizeLimits.document, files: 1, fields: 10 } });

  const ctx = await createAppContext(app, config, database);
  registerAuthGuards(app, (token) => ctx.auth.authenticate(token));
  registerLicenseGuard(app, ctx.license);
  await registerApiKeys(app, ctx);

  // Each domain builds its repositories and services from the shared ones, and registers its routes and jobs.
  await app.register(healthRoutes, { ctx });
  await app.register(authPlugin, { ctx });
  await app.register(activitiesRoutes, { ctx });
  await app.register(usersPlugin, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(licenseRoutes, { ctx });
  await app.register(emailPlugin, { ctx });
  await app.register(messagingPlugin, { ctx });
  await app.register(templatesPlugin, { ctx });
  await app.register(publicApiPlugin, { ctx });
  await app.register(campaignsPlugin, { ctx });
  await app.register(flowsPlugin, { ctx });
  await app.register(outboundWebhooksPlugin, { ctx });
  await app.register(jobsRoutes, { ctx });
  await registerWebConsole(app, config.webDistDir);

  // Every domain has handed over its work by now; the runner stops before the realtime server and the database.
  app.addHook('onReady', () => {
    // Every domain has subscribed to the events it acts on; none may join later.
    ctx.messaging.deps.events.close();
    return ctx.jobs.start();
  });
  app.addHook('onClose', async () => {
    try {
      await ctx.jobs.stop();
    } finally {
      await ctx.realtime.close();
    }
  });
  return { app, ctx };
}
