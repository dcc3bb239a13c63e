import { expect, test } from '@playwright/test';
import { waitForLink } from './support/mail.ts';
import { createUserViaApi, signIn, uniqueName } from './support/session.ts';

test('forgot password: the email validation texts', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
});

test('reset password without a token says so and cannot be submitted', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  await expect(page.getByText('This link expires in 1 hour', { exact: false })).toBeVisible();
});

test('forgot -> email -> reset -> sign in with the new password', async ({ page, request }) => {
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  await createUserViaApi(request, { username, password: 'old-password', email, role: 'agent' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await waitForLink(email, '/reset-password');
  await page.goto(link);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('old-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await signIn(page, username, 'brand-new-password');
  await expect(page).toHaveURL(/\/chat$/);

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Confirm password', { exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});
