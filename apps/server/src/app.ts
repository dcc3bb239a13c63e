import fastifyMultipart from '@fastify/multipart';
import { mediaSizeLimits } from '@wac/contract/chat';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { buildServices, type DomainName, registerDomains, type Services } from './composition-root.ts';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import { registerAuthGuards } from './http/auth-guard.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { loggerOptions } from './http/logger.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerLicenseGuard } from './modules/license/index.ts';
import { publicApiDocsTag } from './modules/public-api/index.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerWebConsole } from './plugins/web-console.ts';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

/**
 * Builds the server without listening: main.ts listens, tests use inject or listen on port 0. Every domain is
 * registered unless `domains` names some (tests boot only those they exercise).
 */
export async function buildApp(config: Config, database: Database, domains?: readonly DomainName[]): Promise<BuiltApp> {
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
  await registerApiDocs(app, config.publicUrl, [publicApiDocsTag]);
  // One multipart parser for agents' media and the sandbox's uploads; Meta's largest file (a document) bounds it.
  await app.register(fastifyMultipart, { limits: { fileSize: mediaSizeLimits.document, files: 1, fields: 10 } });

  const services = await buildServices(app, config, database);
  registerAuthGuards(app, services.authenticate);
  registerLicenseGuard(app, services.license);
  await registerDomains(app, services, domains);
  await registerWebConsole(app, config.webDistDir);

  // Every domain has handed over its work by now; the runner stops before the realtime server and the database.
  app.addHook('onReady', () => {
    // Every domain has subscribed to the events it acts on; none may join later.
    services.events.close();
    return services.jobs.start();
  });
  app.addHook('onClose', async () => {
    try {
      await services.jobs.stop();
    } finally {
      await services.realtime.close();
    }
  });
  return { app, services };
}
