import type { ApiKey, ApiKeyCreate } from '@wac/contract/api-keys';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TestApp } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import { connectDatabase } from '../../../db/database.ts';

export async function createKey(t: TestApp, body: ApiKeyCreate): Promise<{ key: ApiKey; secret: string }> {
  const res = await t.request({ method: 'POST', url: '/api/keys', token: await t.adminToken(), payload: body });
  if (res.statusCode !== 201) throw new Error(`create key failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const ECHO_URL = '/api/test-key-echo';
export const EITHER_URL = '/api/test-key-or-user';
/** Answers after half a second, for callers that hang up first. */
export const SLOW_URL = '/api/test-key-slow';
/** The message id the echo route reports for its log line. */
export const ECHO_MESSAGE_ID = 4242;

export interface KeyServer {
  app: FastifyInstance;
  /** Resolves once a call of the slow route has passed the guard and is being answered. */
  slowCallStarted: () => Promise<void>;
  /** app.inject with an optional X-API-Key. */
  call: (options: InjectOptions & { key?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/**
 * A second server process on the test app's database, with two routes behind the X-API-Key guard as the public API
 * declares them: `POST /api/test-key-echo` (send:text, a body with a phone) and `POST /api/test-key-or-user`
 * (send:template, a bearer token also accepted). Being another process, it sees a revoke made on the first only
 * through the database.
 */
export async function startKeyServer(t: TestApp): Promise<KeyServer> {
  const database = connectDatabase(t.databaseUrl);
  const { app } = await buildApp(t.ctx.config, database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    ECHO_URL,
    { onRequest: app.requireApiKey('send:text'), schema: { body: z.object({ phone: z.string().min(1, 'phone is required') }) } },
    async (request) => {
      request.apiCallLog.messageId = ECHO_MESSAGE_ID;
      return { caller: request.apiKey, phone: request.body.phone };
    },
  );
  typed.post(EITHER_URL, { onRequest: app.requireUserOrApiKey('send:template') }, async (request) => ({
    caller: request.apiKey,
    user: request.auth?.user.username ?? null,
  }));
  const waiting: (() => void)[] = [];
  typed.post(SLOW_URL, { onRequest: app.requireApiKey('send:text') }, async () => {
    for (const started of waiting.splice(0)) started();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ok: true };
  });
  await app.ready();
  return {
    app,
    slowCallStarted: () => new Promise<void>((resolve) => waiting.push(resolve)),
    call: ({ key, headers, ...options }) => app.inject({ ...options, headers: { ...headers, ...(key ? { 'x-api-key': key } : {}) } }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
