import { expect, test } from '@playwright/test';

test('the console serves its page and reports a healthy database', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'up', migrations: 'applied' });
  await page.goto('/');
  await expect(page.getByText('WhatsApp Agent Chat')).toBeVisible();
});
