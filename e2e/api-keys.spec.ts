import { expect, test } from '@playwright/test';
import { bubble, openChatWith } from './support/chat.ts';
import { signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { customerWrites, uniqueCustomerPhone } from './support/whatsapp.ts';

test('an admin creates a key, sends a text with it, and sees the call in its log and the message in the chat', async ({
  page,
  context,
  request,
}) => {
  const phone = uniqueCustomerPhone();
  // The customer wrote a moment ago, so the 24-hour window is open for a free-form text.
  await customerWrites(request, phone, 'Kim Keyuser', 'Is my order ready?');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);

  const name = uniqueName('Shop ');
  await page.goto('/api-keys');
  await page.getByRole('link', { name: 'New API key' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Send text (POST /api/send-text)').check();
  await page.getByRole('button', { name: 'Create API key' }).click();

  await expect(page.getByRole('heading', { name: `API key ${name} created` })).toBeVisible();
  await expect(page.getByText('This is the only time the key is shown. Store it now: it cannot be shown again.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const secret = await page.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(secret).toMatch(/^wac_[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const message = `Your order ${uniqueName('#')} is ready for pickup.`;
  const sent = await request.post('/api/send-text', { headers: { 'x-api-key': secret }, data: { phone, message } });
  expect(sent.status()).toBe(201);

  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/api-keys\/\d+$/);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  // Calls are logged in batches off the request path: Refresh until this one shows.
  const calls = page.getByRole('region', { name: 'Calls' });
  await expect(async () => {
    await calls.getByRole('button', { name: 'Refresh' }).click();
    const row = calls.getByRole('row').filter({ hasText: '/api/send-text' });
    await expect(row).toHaveCount(1, { timeout: 1000 });
    await expect(row.getByText('201', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();

  const thread = await openChatWith(page, 'Kim Keyuser');
  const sentBubble = bubble(thread, message);
  await expect(sentBubble).toBeVisible();
  await expect(sentBubble.getByText(`API · ${name}`)).toBeVisible();
});
