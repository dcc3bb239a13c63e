import { expect, test } from '@playwright/test';
import { signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

test('an admin creates an agent who then signs in and sees only the agent menu', async ({ page }) => {
  const username = uniqueName('agent');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill('agent-secret');
  await dialog.getByLabel('Role').selectOption('agent');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, username, 'agent-secret');
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  const nav = page.getByRole('complementary', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Chat', 'Media', 'Conversations']);
  await expect(nav.getByText('Management')).toBeHidden();
});

test('creating a user with a taken username shows the server message', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Username').fill(E2E_ADMIN.username);
  await dialog.getByLabel('Email').fill('someone-else@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('whatever-1');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('Username is already taken')).toBeVisible();
});
