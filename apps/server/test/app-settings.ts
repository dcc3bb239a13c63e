import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Sets the app's timezone (daily quotas and reports follow it) through the settings API, as an admin does. */
export async function setAppTimezone(t: TestApp, zone: string): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: '/api/app/settings',
    token: await t.adminToken(),
    payload: { settings: { 'app.timezone': zone } },
  });
  expect(res.statusCode, res.body).toBe(200);
}
