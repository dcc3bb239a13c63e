import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultRetentionPolicy, type RetentionPolicy } from '@wac/contract/cleanup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createDatabaseCleanup } from './database-cleanup.service.ts';
import { createMaintenanceRunner } from './maintenance-runner.ts';
import { applyRetentionPolicy } from './retention.ts';
import { createStorageCleanup } from './storage-cleanup.service.ts';
import { cleanupApi } from './test/cleanup-api.ts';
import { daysAgo, maintenanceSeed, storedFile } from './test/maintenance-seed.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ domains: ['maintenance'] });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const policyUrl = '/api/maintenance/retention';
const put = (payload: unknown) => t.request({ method: 'PUT', url: policyUrl, payload: payload as object, token: admin });

/** The policy's job as the job runner calls it, on this app's database and data directory. */
async function applyPolicy() {
  const { db } = t.ctx.database;
  const runner = createMaintenanceRunner({ db, log: t.ctx.log, realtime: t.ctx.realtime, activities: t.ctx.activities });
  const databaseCleanup = createDatabaseCleanup({
    db,
    dataDir: t.dataDir,
    runner,
    freeMediaFiles: async (keys) => {
      for (const key of keys) await t.ctx.media.storage.remove(key);
    },
    appTimezone: () => t.ctx.appTimezone(),
  });
  const storageCleanup = createStorageCleanup({ db, dataDir: t.dataDir, runner, storageFreed: () => {} });
  await applyRetentionPolicy({ db, log: t.ctx.log, runner, databaseCleanup, storageCleanup });
}

describe('the daily retention policy', () => {
  it('is off until an admin turns it on; then each enabled collection and directory is cleaned, one run each', async () => {
    expect((await t.request({ method: 'GET', url: policyUrl, token: admin })).json()).toEqual(defaultRetentionPolicy);
    const seed = maintenanceSeed(t.ctx.database.pool, t.dataDir);
    const { conversationId } = await seed.conversation();
    const oldMessage = await seed.message({ conversationId, direction: 'inbound', at: daysAgo(400) });
    const [oldActivity, newActivity] = [await seed.activity(100, 'auth'), await seed.activity(10, 'auth')];
    const stray = await storedFile(t.dataDir, 'uploads', daysAgo(200));
    await applyPolicy();
    const count = async (text: string) => (await t.ctx.database.pool.query(text)).rowCount;
    expect(await count(`SELECT 1 FROM messages WHERE id = ${oldMessage}`)).toBe(1);

    const policy: RetentionPolicy = {
      ...defaultRetentionPolicy,
      collections: { ...defaultRetentionPolicy.collections, activities: { enabled: true, days: 90 } },
      directories: { ...defaultRetentionPolicy.directories, uploads: { enabled: true, days: 180 } },
    };
    expect((await put(policy)).json()).toEqual(policy);
    const { rows: saved } = await t.ctx.database.pool.query("SELECT data FROM activities WHERE type = 'retention_policy_updated'");
    expect(saved).toEqual([{ data: { details: 'activities after 90 days, uploads after 180 days' } }]);
    await applyPolicy();
    expect(await count(`SELECT 1 FROM messages WHERE id = ${oldMessage}`)).toBe(1);
    expect(await count(`SELECT id FROM activities WHERE id IN (${oldActivity}, ${newActivity})`)).toBe(1);
    const [database, storage] = await Promise.all([cleanupApi(t, admin, 'database').status(), cleanupApi(t, admin, 'storage').status()]);
    expect(database.history).toEqual([
      expect.objectContaining({ status: 'completed', startedBy: null, items: [expect.objectContaining({ name: 'activities', count: 1 })] }),
    ]);
    expect(database.history[0]?.archives).toHaveLength(1);
    expect(storage.history).toEqual([expect.objectContaining({ items: [expect.objectContaining({ name: 'uploads', count: 1 })] })]);
    expect(existsSync(path.join(t.dataDir, 'uploads', stray))).toBe(false);
  });

  it('refuses a policy of the wrong shape', async () => {
    const bad = { ...defaultRetentionPolicy, collections: { ...defaultRetentionPolicy.collections, messages: { enabled: true, days: 0 } } };
    const res = await put(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('collections.messages.days');
    expect((await put({ ...defaultRetentionPolicy, contacts: {} })).statusCode).toBe(400);
  });
});
