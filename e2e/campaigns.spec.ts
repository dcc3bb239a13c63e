import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

// A campaign's life in the console: made in the stepped form with a CSV and a mapping, previewed, started and watched
// to the end; then a slow one paused and resumed from its page.

const BODY = 'Hi {{1}}, your order {{2}} ships today.';

/** Numbers nobody else in the run uses: a UK mobile range, with the run's clock and the row's position in them. */
function phones(count: number): string[] {
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  return Array.from({ length: count }, (_, i) => `4477${run}${String(i).padStart(2, '0')}`);
}

async function authHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request)}` };
}

/** A template Meta (the sandbox) approved, once the console knows it can be sent in a campaign. */
async function approvedTemplate(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const headers = await authHeaders(request);
  const name = uniqueName('campaign_');
  const created = await request.post('/api/templates', {
    headers,
    data: {
      name,
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: BODY, example: { body_text: [['Ana', 'A-1']] } }],
    },
  });
  expect(created.status()).toBe(201);
  const approved = await request.post('/sandbox/control/template-status', {
    headers,
    data: { name, language: 'en_US', status: 'APPROVED' },
  });
  expect(approved.status()).toBe(200);
  // The approval reaches the console through the sandbox's webhook, a moment later.
  await expect(async () => {
    const listed = await request.get('/api/campaign/templates', { headers });
    expect((await listed.json()).templates.map((t: { name: string }) => t.name)).toContain(name);
  }).toPass();
  return { id: (await created.json()).template.id, name };
}

const progressOf = (page: Page, campaign: string) => page.getByRole('progressbar', { name: `Progress of ${campaign}` });
/** The status badge in the campaign page's summary, the region named after the campaign. */
const statusBadge = (page: Page, campaign: string) =>
  page.getByRole('region', { name: campaign, exact: true }).locator('.badge[data-status]');

test('an admin creates a campaign from a CSV with a mapping, previews it, starts it and watches it finish', async ({ page, request }) => {
  const template = await approvedTemplate(request);
  const campaign = uniqueName('Order updates ');
  const numbers = phones(5);
  const csv = ['Phone,Name,Order No', ...numbers.map((p, i) => `+${p},Customer ${i + 1},A-${i + 1}`)].join('\n');

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/campaigns');
  await page.getByRole('link', { name: 'New campaign' }).first().click();
  await expect(page).toHaveURL(/\/campaigns\/new$/);

  await page.getByLabel('Name', { exact: true }).fill(campaign);
  await page.getByLabel('Approved template').selectOption({ label: `${template.name} (en_US)` });
  await page.getByLabel('Value for {{1}}').fill('{{name}}');
  await page.getByLabel('Value for {{2}}').fill('{{order_no}}');
  await expect(page.getByLabel('Messages per second')).toHaveValue('80');
  await page.getByRole('button', { name: 'Save draft and continue' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+\/edit\?step=contacts$/);

  await page.getByLabel('Contacts file (CSV)').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const sample = page.getByRole('table', { name: 'First rows of customers.csv' });
  await expect(sample.getByRole('cell', { name: 'Customer 1', exact: true })).toBeVisible();
  // The server's suggestion fills the mapping in: phone, name, and the order number for {{order_no}}.
  await expect(page.getByLabel('Phone column')).toHaveValue('Phone');
  await expect(page.getByLabel('Name column')).toHaveValue('Name');
  await expect(page.getByLabel('Column for {{order_no}}')).toHaveValue('Order No');
  await page.getByRole('button', { name: /^Upload customers\.csv/ }).click();
  await expect(page.getByRole('region', { name: 'Import result' })).toContainText('5 contacts added, 0 updated, 0 duplicates merged.');
  await expect(page.getByText('5 contacts in this campaign.')).toBeVisible();

  await page.getByRole('link', { name: 'Next: Preview' }).click();
  await expect(page.getByRole('figure', { name: 'Message preview' })).toContainText('Hi Customer 1, your order A-1 ships today.');
  await expect(page.getByText('Every placeholder has a value for this contact.')).toBeVisible();

  await page.getByRole('link', { name: 'Next: Send or schedule' }).click();
  await page.getByRole('button', { name: 'Start now' }).click();
  // Nothing leaves before the admin has read who gets what, from which number.
  const confirm = page.getByRole('dialog', { name: `Start ${campaign}?` });
  await expect(confirm).toContainText(`5 contacts will receive ${template.name} (en_US) from +15550100001, starting now.`);
  await confirm.getByRole('button', { name: 'Start sending' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);

  await expect(progressOf(page, campaign)).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
  await expect(statusBadge(page, campaign)).toHaveText('Completed', { timeout: 10_000 });
  // Nothing failed: a plain zero, and nothing to retry.
  await expect(page.locator('.campaign-count-failed strong')).toHaveText('0');
  await expect(page.locator('.campaign-count-failed')).not.toHaveClass(/campaign-count-danger/);
  await expect(page.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  const recipients = page.getByRole('tabpanel', { name: 'Recipients' }).getByRole('row');
  await expect(recipients).toHaveCount(6);
  // The sandbox reads every message shortly after the end: the recipients move on to Read without a reload.
  for (const number of numbers) {
    await expect(recipients.filter({ hasText: `+${number}` }).getByText('Read', { exact: true })).toBeVisible({ timeout: 15_000 });
  }

  await page.getByRole('tab', { name: 'Report' }).click();
  const report = page.getByRole('tabpanel', { name: 'Report' });
  await expect(report.locator('.report-figure-sent strong')).toHaveText('5');
  await expect(report.getByRole('figure', { name: 'Delivery funnel' })).toBeVisible();

  await page.goto('/campaigns');
  const row = page.getByRole('row').filter({ hasText: campaign });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
});

test('a running campaign is paused and resumed from its page', async ({ page, request }) => {
  const template = await approvedTemplate(request);
  const headers = await authHeaders(request);
  const name = uniqueName('Slow campaign ');
  const created = await request.post('/api/campaign/campaigns', {
    headers,
    data: {
      name,
      templateId: template.id,
      ratePerSecond: 1,
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: '{{name}}' },
            { type: 'text', text: 'B-7' },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).campaign._id;
  const added = await request.post(`/api/campaign/campaigns/${id}/contacts`, {
    headers,
    data: { contacts: phones(20).map((phone, i) => ({ phone, name: `Slow ${i + 1}` })) },
  });
  expect((await added.json()).added).toBe(20);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/campaigns/${id}`);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Start ${name}?` })
    .getByRole('button', { name: 'Start sending' })
    .click();
  await expect(statusBadge(page, name)).toHaveText('Running');
  const progress = progressOf(page, name);
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(statusBadge(page, name)).toHaveText('Paused');
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  // Paused means nothing more leaves: once the sends already under way settle, the bar stands still.
  await page.waitForTimeout(1500);
  const whilePaused = await progress.getAttribute('aria-valuenow');
  await page.waitForTimeout(2500);
  await expect(progress).toHaveAttribute('aria-valuenow', whilePaused as string);
  expect(Number(whilePaused)).toBeLessThan(100);

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(statusBadge(page, name)).toHaveText('Running');
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(Number(whilePaused));

  // Cancelled, so the rest of the run does not share the sandbox with it.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel campaign' });
  await expect(cancel.getByRole('button', { name: 'Keep campaign' })).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(statusBadge(page, name)).toHaveText('Cancelled');
});
