import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppTimezone } from '../../../test/app-settings.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventually } from '../../whatsapp/test/listening-test-app.ts';
import { APP_SETTINGS_CACHE_MS } from './settings.service.ts';

// Two server processes on one database, as behind a load balancer: each keeps the app settings in memory.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ domains: ['settings'] });
  b = await createTestApp({ domains: ['settings'], databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const setTimezone = (zone: string) => setAppTimezone(a, zone);

const consume = (app: TestApp, n: number) => app.ctx.database.db.transaction((tx) => app.ctx.license.consumeMessages(tx, n));

describe('app settings kept in memory', () => {
  it("follow the server's own change at once and another server's within a second, daily quotas included", async () => {
    // 25 hours apart: whatever the hour, the two zones are on different dates.
    await setTimezone('Pacific/Kiritimati');
    await consume(a, 2);
    await eventually(async () => (await b.ctx.license.usage('messages')) === 2);

    await setTimezone('Pacific/Pago_Pago');
    const changedAt = Date.now();
    expect(await a.ctx.appTimezone()).toBe('Pacific/Pago_Pago');
    expect(await a.ctx.license.usage('messages')).toBe(0);

    await eventually(async () => (await b.ctx.appTimezone()) === 'Pacific/Pago_Pago', 5_000);
    // The second server's copy was at most APP_SETTINGS_CACHE_MS old; the rest is this machine's slowness.
    expect(Date.now() - changedAt).toBeLessThan(APP_SETTINGS_CACHE_MS + 1_000);
    expect(await b.ctx.license.usage('messages')).toBe(0);
    await consume(b, 1);
    expect(await a.ctx.license.usage('messages')).toBe(1);
    const settings = await b.request({ method: 'GET', url: '/api/app/settings', token: await b.adminToken() });
    expect(settings.json().settings['app.timezone']).toBe('Pacific/Pago_Pago');
  });
});
