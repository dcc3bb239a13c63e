import { expect, test } from '@playwright/test';
import { createUserViaApi, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

test('signed-out visitors are sent to /login, and unknown paths go to /', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in admin is sent from public pages to their home, and unknown paths to /', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/dashboard\/overview$/);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/admin\/dashboard\/overview$/);
  await page.goto('/definitely-not-a-page');
  await expect(page).toHaveURL(/\/admin\/dashboard\/overview$/);
});

test('an agent is sent to /chat from admin-only routes', async ({ page, request }) => {
  const username = uniqueName('agent');
  await createUserViaApi(request, { username, password: 'agent-pass', email: `${username}@example.com`, role: 'agent' });
  await signIn(page, username, 'agent-pass');
  await expect(page).toHaveURL(/\/chat$/);
  for (const path of ['/settings', '/admin/users', '/activities']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/chat$/);
  }
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
});
