import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { bubble, reply } from './support/chat.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

// A number no other spec plays (theirs come from uniqueCustomerPhone, 13 digits); every run starts on a fresh database.
const ANN_PHONE = '+44 7700 900 871';
const ANN_NUMBER = /7700\D*900\D*871/;

test('a customer with a username hides their number: the agent sees only @ann.b and still answers her', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByRole('link', { name: 'Customer simulator' }).click();
  await page.getByLabel('Customer phone').fill(ANN_PHONE);
  await page.getByLabel('Customer name').fill('Ann');
  const hide = page.getByRole('checkbox', { name: 'Hide my number from the business' });
  await expect(hide).toBeDisabled();
  await page.getByLabel('Username').fill('ann.b');
  await hide.check();
  const phone = page.getByRole('region', { name: "Customer's phone" });
  await expect(phone.getByText('Chatting as Ann (@ann.b, number hidden)')).toBeVisible();
  await page.getByLabel('Customer message').fill("Hi, it's Ann");
  await page.getByRole('button', { name: 'Send as customer' }).click();
  await expect(phone.getByRole('list', { name: "Messages on the customer's phone" }).getByText("Hi, it's Ann")).toBeVisible();

  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  // Titled by her name, with the username beside it since no number tells her apart.
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Ann @ann\.b/ })
    .click();
  const thread = page.getByRole('region', { name: 'Conversation with Ann' });
  await expect(bubble(thread, "Hi, it's Ann")).toBeVisible();
  await expect(thread.locator('.thread-title')).toContainText('Number not shared · @ann.b');
  await expect(page.locator('body')).not.toContainText(ANN_NUMBER);
  expect(page.url()).not.toMatch(ANN_NUMBER);
  await reply(page, 'Hello Ann');
  await expect(bubble(thread, 'Hello Ann')).toBeVisible();

  // The simulator opens again on the customer last played, username and hidden number included.
  await page.getByRole('link', { name: 'Customer simulator' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('ann.b');
  await expect(hide).toBeChecked();
  await expect(phone.getByRole('list', { name: "Messages on the customer's phone" }).getByText('Hello Ann')).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
