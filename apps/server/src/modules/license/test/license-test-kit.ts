import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../../test/test-app.ts';
import { buildApp } from '../../../app.ts';
import type { Config } from '../../../config/config.ts';
import { connectDatabase } from '../../../db/database.ts';

export async function applyKey(t: TestApp, licenseKey: string, hmacSecret?: string): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/license/update', token: await t.adminToken(), payload: { licenseKey, hmacSecret } });
}

/** POST /api/register as the admin, for a new agent named `username`. */
export async function registerUser(t: TestApp, username: string): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/register',
    token: await t.adminToken(),
    payload: { username, email: `${username}@example.com`, password: 'secret-pass' },
  });
}

export async function licenseStatus(t: TestApp) {
  const res = await t.request({ method: 'GET', url: '/api/license/status', token: await t.adminToken() });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function lastActivity(t: TestApp, type: string) {
  const { rows } = await t.ctx.database.pool.query(
    'SELECT user_id, source_type, data FROM activities WHERE type = $1 ORDER BY id DESC LIMIT 1',
    [type],
  );
  return rows[0];
}

/** A second server process on the same database and DATA_DIR, as after a restart (or beside the first). */
export async function startAnotherServer(t: TestApp, license: Partial<Config['license']> = {}) {
  const database = connectDatabase(t.databaseUrl);
  const config: Config = { ...t.ctx.config, license: { ...t.ctx.config.license, ...license } };
  const { app } = await buildApp(config, database);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
