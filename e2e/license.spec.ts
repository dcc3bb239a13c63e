import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { issueFromArgs } from '../apps/server/src/modules/license/license-issue.ts';
import { apiToken, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN, E2E_LICENSE_SECRET } from './support/stack.ts';

/** A key as `npm run license:issue` prints it. */
function issueKey(...args: string[]): string {
  return issueFromArgs(['--secret', E2E_LICENSE_SECRET, '--days', '30', ...args]).key;
}

async function asAdmin(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request)}` };
}

async function applyKeyViaApi(request: APIRequestContext, licenseKey: string): Promise<void> {
  const res = await request.post('/api/license/update', { data: { licenseKey }, headers: await asAdmin(request) });
  expect(res.status()).toBe(200);
}

// The other browser tests share this server: leave it on the dev plan.
test.afterEach(async ({ request }) => {
  const res = await request.delete('/api/license/revoke', { headers: await asAdmin(request) });
  expect(res.status()).toBe(200);
});

async function openLicenseSection(page: Page) {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/settings#licence');
  return page.getByRole('region', { name: 'Licence' });
}

test('the settings licence section changes at once when a new key is applied', async ({ page }) => {
  const section = await openLicenseSection(page);
  await expect(section.getByTestId('licence-plan')).toHaveText('Development');
  await expect(section.getByText('No licence key: the Development plan')).toBeVisible();
  await expect(section.getByRole('progressbar', { name: 'Users quota' })).toBeVisible();
  await expect(section.getByText(/^0 · No restrictions$/)).toBeVisible();

  await section
    .getByRole('textbox', { name: 'Licence key' })
    .fill(issueKey('--plan', 'professional', '--customer', 'E2E Shop', '--quotas', 'messages=2500000'));
  await section.getByRole('button', { name: 'Apply licence key' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Licence applied' })).toBeVisible();
  await expect(section.getByTestId('licence-plan')).toHaveText('Professional');
  await expect(section.getByText('Licensed to E2E Shop', { exact: false })).toBeVisible();
  await expect(section.getByText(/ of 25 users$/)).toBeVisible();
  await expect(section.getByText(/^\d+ of 2\.5M messages$/)).toBeVisible();
  const features = section.getByRole('list', { name: 'Features' });
  await expect(features.getByRole('listitem').filter({ hasText: 'Bot flows' }).getByText('Included')).toBeVisible();
  await expect(
    features.getByRole('listitem').filter({ hasText: 'Multi-tenant' }).getByRole('button', { name: 'Not included' }),
  ).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Licence key' })).toHaveValue('');

  await section.getByRole('button', { name: 'Revoke licence' }).click();
  await page.getByRole('dialog', { name: 'Revoke the licence?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByTestId('licence-plan')).toHaveText('Development');
});

test('a tampered key is refused with an error toast that stays, and the licence in force stays too', async ({ page }) => {
  const section = await openLicenseSection(page);
  const key = issueKey('--plan', 'enterprise');
  await section.getByRole('textbox', { name: 'Licence key' }).fill(`${key.slice(0, -4)}AAAA`);
  await section.getByRole('button', { name: 'Apply licence key' }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Invalid Licence' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('The licence key signature does not match');
  await expect(toast).toContainText('The licence in force has not changed.');
  await page.waitForTimeout(5_500);
  await expect(toast).toBeVisible();
  await expect(section.getByTestId('licence-plan')).toHaveText('Development');
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
});

test('creating users past the quota opens the quota modal, after a warning toast', async ({ page, request }) => {
  const status = await (await request.get('/api/license/status', { headers: await asAdmin(request) })).json();
  await applyKeyViaApi(request, issueKey('--plan', 'basic', '--quotas', `users=${status.quotas.users.used + 1}`));

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/users');
  const create = async (username: string) => {
    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('agent-secret');
    await form.getByRole('button', { name: 'Create user' }).click();
    return form;
  };

  const first = await create(uniqueName('quota'));
  await expect(first).toBeHidden();
  const warning = page.getByRole('status').filter({ hasText: 'Users Quota Warning' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('No more can be added on the Basic plan.');
  await expect(warning.getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
  await expect(warning).toBeHidden({ timeout: 7_000 });

  await create(uniqueName('quota'));
  const modal = page.getByRole('dialog', { name: 'Users Quota Exceeded' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText("You've reached your users limit")).toBeVisible();
  await expect(modal.getByText('Attempted to add 1 more user, but only 0 remaining.')).toBeVisible();
  await expect(modal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await modal.getByRole('button', { name: 'Continue with Current Plan' }).click();
  await expect(modal).toBeHidden();
});

test('a feature the plan lacks opens the upgrade modal, whose button opens its URL in a new tab', async ({ page, request, context }) => {
  await applyKeyViaApi(request, issueKey('--plan', 'basic'));
  const section = await openLicenseSection(page);
  await section
    .getByRole('list', { name: 'Features' })
    .getByRole('listitem')
    .filter({ hasText: 'Bot flows' })
    .getByRole('button', { name: 'Not included' })
    .click();

  const modal = page.getByRole('dialog', { name: 'Feature Not Available' });
  await expect(modal.getByText('Upgrade your plan to access this feature')).toBeVisible();
  await expect(modal.getByText('Your plan: Basic. Needed: Professional or higher.')).toBeVisible();
  const opened = context.waitForEvent('page');
  await modal.getByRole('button', { name: 'Upgrade Plan' }).click();
  const tab = await opened;
  await expect(tab).toHaveURL(/\/settings#licence$/);
  await tab.close();
  await expect(modal).toBeHidden();
});

test('a page whose feature the plan lacks: the server refuses and the console shows the upgrade modal', async ({ page, request }) => {
  await applyKeyViaApi(request, issueKey('--plan', 'professional', '--features', 'templates=false'));
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/templates');
  const modal = page.getByRole('dialog', { name: 'Feature Not Available' });
  await expect(modal.getByText('Upgrade your plan to access this feature')).toBeVisible();
  await modal.getByRole('button', { name: 'Continue with Current Plan' }).click();
  await expect(modal).toBeHidden();
});
