import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { socketConnected, uniqueCustomerPhone } from './support/whatsapp.ts';

// A 1x1 PNG: the smallest real picture for sending media both ways.
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function playCustomer(page: Page, phone: string, name: string): Promise<void> {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/simulator');
  await page.getByLabel('Customer phone').fill(`+${phone}`);
  await page.getByLabel('Customer name').fill(name);
}

test('a customer writes in the simulator, the agent answers live in /chat, and the ticks reach read', async ({ browser }) => {
  const phone = uniqueCustomerPhone();
  const agentContext = await browser.newContext();
  const customerContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const customer = await customerContext.newPage();

  const connected = socketConnected(agent);
  await signIn(agent, E2E_ADMIN.username, E2E_ADMIN.password);
  await connected;
  await agent.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(agent).toHaveURL(/\/chat$/);
  await playCustomer(customer, phone, 'Carla Customer');

  await customer.getByLabel('Customer message').fill('Hi, do you deliver on Sundays?');
  await customer.getByRole('button', { name: 'Send as customer' }).click();

  // No reload: the conversation arrives over the socket.
  const inbox = agent.getByRole('navigation', { name: 'Conversations' });
  await inbox.getByRole('link', { name: /Carla Customer/ }).click();
  const thread = agent.getByRole('region', { name: 'Conversation with Carla Customer' });
  await expect(thread.getByText('Hi, do you deliver on Sundays?')).toBeVisible();

  await thread.getByRole('textbox', { name: 'Type a message' }).fill('Yes, from 9 to 1.');
  await thread.getByRole('textbox', { name: 'Type a message' }).press('Enter');

  const phoneScreen = customer.getByRole('list', { name: "Messages on the customer's phone" });
  await expect(phoneScreen.getByText('Yes, from 9 to 1.')).toBeVisible();
  const answer = thread.locator('.message-bubble', { hasText: 'Yes, from 9 to 1.' });
  await expect(answer.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 10_000 });

  // And the next customer message appears in the open thread as it arrives.
  await customer.getByLabel('Customer message').fill('Great, thanks!');
  await customer.getByRole('button', { name: 'Send as customer' }).click();
  await expect(thread.getByText('Great, thanks!')).toBeVisible();

  await agentContext.close();
  await customerContext.close();
});

test('media goes both ways: a photo from the customer, a file from the agent', async ({ browser }) => {
  const phone = uniqueCustomerPhone();
  const agentContext = await browser.newContext();
  const customerContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const customer = await customerContext.newPage();

  await playCustomer(customer, phone, 'Pia Picture');
  await customer.getByLabel('Customer file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(
    customer.getByRole('list', { name: "Messages on the customer's phone" }).getByRole('img', { name: 'receipt.png' }),
  ).toBeVisible();

  await signIn(agent, E2E_ADMIN.username, E2E_ADMIN.password);
  await agent.goto('/chat');
  await agent
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Pia Picture/ })
    .click();
  const thread = agent.getByRole('region', { name: 'Conversation with Pia Picture' });
  const photo = thread.getByRole('img', { name: 'Photo' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  const chooser = agent.waitForEvent('filechooser');
  await thread.getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await thread.getByRole('textbox', { name: 'Caption' }).fill('Your invoice');
  await thread.getByRole('button', { name: 'Send' }).click();
  // The sent file's bubble is a link; the composer may still name the file until the send's answer arrives.
  await expect(thread.getByRole('link', { name: /invoice\.pdf/ })).toBeVisible();

  const phoneScreen = customer.getByRole('list', { name: "Messages on the customer's phone" });
  await expect(phoneScreen.getByText('Your invoice')).toBeVisible();
  await expect(phoneScreen.getByRole('link', { name: /invoice\.pdf/ })).toBeVisible();

  await agentContext.close();
  await customerContext.close();
});
