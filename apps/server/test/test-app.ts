import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { ensureFirstAdmin } from '../src/bootstrap-admin.ts';
import type { DomainName, Services } from '../src/composition-root.ts';
import { loadConfig } from '../src/config/config.ts';
import { connectDatabase } from '../src/db/database.ts';
import { createUserAccounts } from '../src/modules/accounts/index.ts';
import { createMigratedTestDatabase } from './test-database.ts';

export const ADMIN = { username: 'admin', password: 'admin-password' };

export interface TestApp {
  app: FastifyInstance;
  /** The shared services, as the composition root built them. */
  ctx: Services;
  databaseUrl: string;
  dataDir: string;
  /** app.inject with an optional bearer token. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  login: (username: string, password: string) => Promise<string>;
  adminToken: () => Promise<string>;
  /** Creates a user through the API as the admin and returns its id and a token. */
  createUser: (input: {
    username: string;
    password?: string;
    role?: 'admin' | 'agent';
    email?: string;
  }) => Promise<{ id: number; token: string }>;
  close: () => Promise<void>;
}

/**
 * What every test app registers whichever domains a file names: API keys (their guard decorates the root instance),
 * auth (`login`, `adminToken`), users (`createUser`), settings (`setAppTimezone`) and the licence (`applyKey`).
 */
const helperDomains: readonly DomainName[] = ['api-keys', 'auth', 'users', 'settings', 'license'];

export interface TestAppOptions {
  /** Environment variables over the test defaults. */
  env?: Record<string, string>;
  /** An existing database, as after a restart; a fresh one otherwise. */
  databaseUrl?: string;
  /** An existing data directory, as after a restore (left in place at close); a fresh temporary one otherwise. */
  dataDir?: string;
  /** The domains the file exercises, registered with the helpers' own; every domain unless given. */
  domains?: readonly DomainName[];
}

/**
 * A fresh database (or the given one, as after a restart) and data directory per call, real PostgreSQL, the app built
 * as in production: with every domain, or with those the file names and the helpers' own.
 */
export async function createTestApp({ env = {}, domains, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createMigratedTestDatabase());

  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'wac-test-data-')));
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1:3999',
      // Tests that want the periodic template sync ask for it.
      TEMPLATE_SYNC_INTERVAL_MS: '0',
      // Suites sign in many times from one address; the tests of these limits set their own.
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_ACCOUNT_MAIL: '100000',
      RATE_LIMIT_TOKEN_LINKS: '100000',
      RATE_LIMIT_ACTIVITIES: '100000',
      RATE_LIMIT_API_SENDS: '100000',
      ACCOUNT_MAIL_INTERVAL_S: '0',
      ...env,
    },
  );
  const database = connectDatabase(databaseUrl);
  await ensureFirstAdmin(config, createUserAccounts(database.db));
  const { app, services: ctx } = await buildApp(config, database, domains && [...helperDomains, ...domains]);
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login = async (username: string, password: string) => {
    const res = await request({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  let cachedAdminToken: string | undefined;
  const adminToken = async () => {
    cachedAdminToken ??= await login(ADMIN.username, ADMIN.password);
    return cachedAdminToken;
  };

  return {
    app,
    ctx,
    databaseUrl,
    dataDir,
    request,
    login,
    adminToken,
    async createUser({ username, password = 'secret-pass', role = 'agent', email }) {
      const res = await request({
        method: 'POST',
        url: '/api/register',
        token: await adminToken(),
        payload: { username, password, role, email: email ?? `${username}@example.com` },
      });
      if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
      return { id: res.json().user.id as number, token: await login(username, password) };
    },
    async close() {
      await app.close();
      await database.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
