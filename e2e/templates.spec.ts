import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { signedCustomerMessage, socketConnected, tinyPng, uniqueCustomerPhone } from './support/whatsapp.ts';

// A real image the server and the sandbox take as a header sample and as header media.
const parcelPng = { name: 'parcel.png', mimeType: 'image/png', buffer: tinyPng };

// One template goes through its whole life: created with an image header and a URL button, approved
// by the sandbox while the list is open, then sent from /templates/send and from the chat.
test.describe.configure({ mode: 'serial' });

const templateName = uniqueName('spring_sale_');
const bodyOf = (name: string, day: string) => `Hi ${name}, our sale ends ${day}.`;

/** Chooses the template and fills in what it takes: the header picture, the two body values and the link's ending. */
async function fillTemplate(scope: Page | Locator, name: string, day: string): Promise<void> {
  await scope.getByLabel('Template', { exact: true }).selectOption({ label: `${templateName} (en_US)` });
  await scope.getByLabel('Header file').setInputFiles(parcelPng);
  await expect(scope.getByText('Ready: parcel.png')).toBeVisible();
  await scope.getByLabel('Value for {{1}}').fill(name);
  await scope.getByLabel('Value for {{2}}').fill(day);
  await scope.getByLabel('Link ending for button 1').fill('spring');
  await expect(scope.getByRole('figure', { name: 'Preview' })).toContainText(bodyOf(name, day));
}

test('an admin creates a template with an image header and a URL button and sees Meta approve it live', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const connected = socketConnected(page);
  await page.goto('/templates/create');
  await connected;

  await page.getByLabel('Name').fill(templateName);
  await page.getByLabel('Category').selectOption('MARKETING');
  await page.getByLabel('Language').selectOption('en_US');
  await page.getByLabel('Header type').selectOption('IMAGE');
  await page.getByLabel('Header file').setInputFiles(parcelPng);
  await expect(page.getByText('Sample: parcel.png')).toBeVisible();
  await page.getByLabel('Body', { exact: true }).fill('Hi {{1}}, our sale ends {{2}}.');
  await page.getByLabel('Example for {{1}}', { exact: true }).fill('Ana');
  await page.getByLabel('Example for {{2}}', { exact: true }).fill('Friday');
  await page.getByLabel('Footer').fill('Lojinha');

  const submit = page.getByRole('button', { name: 'Submit for approval' });
  await page.getByRole('button', { name: 'Add button' }).click();
  const button = page.getByRole('group', { name: 'Button 1' });
  await button.getByLabel('Button type').selectOption('URL');
  await button.getByLabel('Button text').fill('Shop now');
  await button.getByLabel('URL', { exact: true }).fill('https://shop.example/sale/{{1}}');
  // Meta's rules are checked as the fields are typed in: the URL's variable needs an example first.
  await expect(submit).toBeDisabled();
  await button.getByLabel('Example URL').fill('sale/spring');
  await expect(button.getByText('give the full example URL for the variable')).toBeVisible();
  await button.getByLabel('Example URL').fill('https://shop.example/sale/spring');
  await expect(button.getByText('give the full example URL for the variable')).toBeHidden();

  const preview = page.getByRole('figure', { name: 'Preview' });
  await expect(preview).toContainText(bodyOf('Ana', 'Friday'));
  await expect(preview).toContainText('Lojinha');
  await expect(preview).toContainText('Shop now');
  await expect(preview.getByRole('img', { name: 'parcel.png' })).toBeVisible();

  await submit.click();
  await expect(page).toHaveURL(/\/templates$/);
  const row = page.getByRole('row').filter({ hasText: templateName });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  // The sandbox approves it a moment later; the row changes without a reload.
  await expect(row.getByText('Approved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(row.getByRole('link', { name: `Send ${templateName}` })).toBeVisible();
});

test('the approved template is sent from /templates/send with its values, and each recipient gets a result', async ({ page }) => {
  const phones = [uniqueCustomerPhone(), uniqueCustomerPhone()];
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/templates/send');
  await fillTemplate(page, 'Rita', 'Sunday');
  await page.getByLabel('Recipients').fill(`+${phones[0]}, not-a-number`);
  await expect(page.getByText('Not phone numbers or WhatsApp user IDs: not-a-number')).toBeVisible();
  await page.getByLabel('Recipients').fill(`+${phones[0]}\n${phones[1]}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  const results = page.getByRole('region', { name: 'Send results' });
  for (const phone of phones) {
    await expect(
      results
        .getByRole('row')
        .filter({ hasText: `+${phone}` })
        .getByText('Sent', { exact: true }),
    ).toBeVisible();
  }
  await expect(results).toContainText('2 sent');
});

test('outside the 24-hour window the chat sends the template to the customer, and the thread shows it', async ({ page, request }) => {
  const phone = uniqueCustomerPhone();
  await signedCustomerMessage(request, { from: phone, name: 'Olga Template', text: 'Is the sale still on?', hoursAgo: 30 });
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/chat');
  // Her last message is 30 hours old: campaigns earlier in the run put newer conversations above it, so she is searched.
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('Olga Template');
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Olga Template/ })
    .click();
  const thread = page.getByRole('region', { name: 'Conversation with Olga Template' });
  await expect(thread.getByText('The 24-hour window is closed. Send a template to reopen the conversation.')).toBeVisible();

  await thread.getByRole('button', { name: 'Send a template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a template' });
  await fillTemplate(dialog, 'Olga', 'Monday');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(thread.locator('.message-bubble', { hasText: bodyOf('Olga', 'Monday') })).toBeVisible();
});
