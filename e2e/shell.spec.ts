import { expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

test('the sidebar starts collapsed and remembers being opened across a reload', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const nav = page.getByRole('complementary', { name: 'Main navigation' });
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(nav.getByText('Management')).toBeHidden();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav.getByText('Management')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await expect(nav.getByText('Management')).toBeVisible();
  for (const group of ['Dashboard', 'Communication', 'Reports']) await expect(nav.getByText(group)).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
});

test('the avatar menu shows the user, opens the profile and logs out clearing local storage', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toHaveText('A');
  await avatar.click();
  const menu = page.getByRole('menu');
  // The username and the role, both 'admin' here.
  await expect(menu.getByText('admin', { exact: true })).toHaveCount(2);
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(E2E_ADMIN.email)).toBeVisible();

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const keys = await page.evaluate(() => ['token', 'role', 'username', 'email'].map((k) => localStorage.getItem(k)));
  expect(keys).toEqual([null, null, null, null]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
