import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openChatWith } from './support/chat.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

// A number no other spec plays (theirs come from uniqueCustomerPhone, 13 digits); every run starts on a fresh database.
const MAE_PHONE = '+44 7700 900 891';

test('a customer stops marketing messages, the chat says so, the phone shows the agent typing, and they resume', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByRole('link', { name: 'Customer simulator' }).click();
  await page.getByLabel('Customer phone').fill(MAE_PHONE);
  await page.getByLabel('Customer name').fill('Mae');
  await page.getByLabel('Customer message').fill('Hi');
  await page.getByRole('button', { name: 'Send as customer' }).click();
  const phone = page.getByRole('region', { name: "Customer's phone" });
  await expect(phone.getByRole('list', { name: "Messages on the customer's phone" }).getByText('Hi', { exact: true })).toBeVisible();

  const marketing = page.getByRole('group', { name: 'Marketing messages' });
  await marketing.getByRole('button', { name: 'Stop marketing messages' }).click();
  await expect(marketing.getByRole('status')).toHaveText('Marketing messages stopped: the business was told.');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const thread = await openChatWith(page, 'Mae');
  await expect(thread.getByText('Stopped marketing', { exact: true })).toBeVisible();
  // Typing, not sending: the server shows WhatsApp's typing indicator on the customer's phone for 25 seconds.
  await thread.getByRole('textbox', { name: 'Type a message' }).pressSequentially('On its way');

  await page.getByRole('link', { name: 'Customer simulator' }).click();
  await expect(phone.locator('header').getByText('typing…')).toBeVisible();
  await page.getByRole('group', { name: 'Marketing messages' }).getByRole('button', { name: 'Resume marketing messages' }).click();
  await expect(page.getByRole('group', { name: 'Marketing messages' }).getByRole('status')).toHaveText(
    'Marketing messages resumed: the business was told.',
  );

  const again = await openChatWith(page, 'Mae');
  await expect(again.getByText('Hi', { exact: true })).toBeVisible();
  await expect(again.getByText('Stopped marketing', { exact: true })).toHaveCount(0);
});
