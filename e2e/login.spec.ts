import { expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

test('the login form shows the spec texts for blank fields', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login - WhatsApp Agent Chat');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Username is required')).toBeHidden();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a wrong password shows a dismissible red error box', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const box = page.getByRole('alert');
  await expect(box).toContainText('Invalid username or password');
  await box.getByRole('button', { name: 'Dismiss error' }).click();
  await expect(box).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin signs in and lands on the overview; the token is kept in local storage', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page).toHaveTitle('Overview - WhatsApp Agent Chat');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    role: localStorage.getItem('role'),
    username: localStorage.getItem('username'),
    email: localStorage.getItem('email'),
  }));
  expect(stored).toMatchObject({ role: 'admin', username: E2E_ADMIN.username, email: E2E_ADMIN.email });
  expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('a stored token that no longer works is removed and the user is sent to sign in', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'made-up-token'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
