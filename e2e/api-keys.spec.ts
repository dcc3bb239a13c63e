import { expect, test } from '@playwright/test';
import { bubble } from './support/chat.ts';
import { signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { customerWrites, uniqueCustomerPhone } from './support/whatsapp.ts';

test('an admin creates a key, sends a text with it twice, and follows the call in its log to the message in the chat', async ({
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
  // New keys start with a per-minute limit of their own.
  await expect(page.getByLabel('Rate limit (calls per minute)')).toHaveValue('120');
  await page.getByRole('button', { name: 'Create API key' }).click();

  await expect(page.getByRole('heading', { name: `API key ${name} created` })).toBeVisible();
  await expect(page.getByText('This is the only time the key is shown. Store it now: it cannot be shown again.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const secret = await page.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(secret).toMatch(/^wac_[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const message = `Your order ${uniqueName('#')} is ready for pickup.`;
  // Sent twice with one Idempotency-Key, as after a timeout: the second is answered from the first.
  const headers = { 'x-api-key': secret, 'idempotency-key': uniqueName('ready-') };
  const sent = await request.post('/api/send-text', { headers, data: { phone, message } });
  expect(sent.status()).toBe(201);
  const replayed = await request.post('/api/send-text', { headers, data: { phone, message } });
  expect(replayed.headers()['idempotent-replayed']).toBe('true');

  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/api-keys\/\d+$/);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  await expect(page.getByText('120 calls per minute')).toBeVisible();
  // Calls are logged in batches off the request path: Refresh until both show, the newest (the replay) first.
  const calls = page.getByRole('region', { name: 'Calls' });
  const rows = calls.getByRole('row').filter({ hasText: '/api/send-text' });
  await expect(async () => {
    await calls.getByRole('button', { name: 'Refresh' }).click();
    await expect(rows).toHaveCount(2, { timeout: 1000 });
  }).toPass();
  await expect(rows.first().getByText('Replayed')).toBeVisible();
  await expect(rows.last().getByText('Replayed')).toHaveCount(0);
  await expect(rows.last().getByText('201', { exact: true })).toBeVisible();

  await rows
    .last()
    .getByRole('link', { name: /^Message #\d+ in its conversation$/ })
    .click();
  await expect(page).toHaveURL(/\/chat\?phone=/);
  const thread = page.getByRole('region', { name: 'Conversation with Kim Keyuser' });
  const sentBubble = bubble(thread, message);
  await expect(sentBubble).toBeVisible();
  await expect(sentBubble.getByText(`API · ${name}`)).toBeVisible();
});
