import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WHATSAPP_API_URL: 'https://graph.facebook.com' } });
});
afterAll(() => t.close());

describe('sandbox mounting', () => {
  it('is absent when a real Graph API URL is configured', async () => {
    expect(t.ctx.config.whatsapp.sandbox).toBe(false);
    const control = await t.request({
      method: 'POST',
      url: '/sandbox/control/fail-next',
      payload: { code: 131047, httpStatus: 400, count: 1 },
    });
    expect(control.statusCode).toBe(404);
    const graph = await t.request({
      method: 'POST',
      url: `/sandbox/graph/v21.0/${t.ctx.config.whatsapp.phoneNumberId}/messages`,
      payload: {},
    });
    expect(graph.statusCode).toBe(404);
  });
});
