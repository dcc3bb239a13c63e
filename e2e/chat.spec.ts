import { expect, test } from '@playwright/test';
import { bubble, openChatWith, reply } from './support/chat.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { customerWrites, failNextSend, signedCustomerMessage, socketConnected, uniqueCustomerPhone } from './support/whatsapp.ts';

test('a failed send explains what to do, and Retry sends it again', async ({ page, request }) => {
  const phone = uniqueCustomerPhone();
  await customerWrites(request, phone, 'Rita Failing', 'Is my parcel on its way?');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await openChatWith(page, 'Rita Failing');

  await failNextSend(request, 131026);
  await reply(page, 'It left the warehouse today.');
  const sent = bubble(page, 'It left the warehouse today.');
  await expect(sent.getByText('Message undeliverable')).toBeVisible();
  await expect(sent.getByText(/The number may not be on WhatsApp/)).toBeVisible();
  await expect(sent.getByRole('img', { name: 'Failed' })).toBeVisible();

  await sent.getByRole('button', { name: 'Retry' }).click();
  await expect(sent.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 10_000 });
  await expect(sent.getByText('Message undeliverable')).toBeHidden();
});

test("a customer's message shows as a toast on another page and clicking it opens the chat", async ({ page, request }) => {
  const phone = uniqueCustomerPhone();
  // Signed in with the socket up, then to another page the way a person goes there (no reload, same socket).
  const connected = socketConnected(page);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await connected;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await customerWrites(request, phone, 'Tom Toast', 'Hello from the toast test');

  const toast = page.getByRole('status').filter({ hasText: 'Tom Toast' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Hello from the toast test');
  await toast.getByText('Tom Toast').click();
  await expect(page).toHaveURL(/\/chat\?phone=/);
  await expect(page.getByRole('region', { name: 'Conversation with Tom Toast' })).toBeVisible();
  await expect(bubble(page, 'Hello from the toast test')).toBeVisible();
});

test('outside the 24-hour window the composer gives way to sending a template', async ({ page, request }) => {
  const phone = uniqueCustomerPhone();
  await signedCustomerMessage(request, { from: phone, name: 'Olga Oldwindow', text: 'Any news?', hoursAgo: 30 });
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await openChatWith(page, 'Olga Oldwindow');
  await expect(bubble(page, 'Any news?')).toBeVisible();
  await expect(page.getByText('The 24-hour window is closed. Send a template to reopen the conversation.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type a message' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send a template' })).toBeVisible();
});

test('an agent takes a conversation over from the bot and returns it', async ({ page, request }) => {
  const phone = uniqueCustomerPhone();
  await customerWrites(request, phone, 'Sam Session', 'I need a human');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await openChatWith(page, 'Sam Session');
  const thread = page.getByRole('region', { name: 'Conversation with Sam Session' });

  await thread.getByRole('button', { name: 'Take over' }).click();
  await expect(thread.getByRole('button', { name: 'Return to bot' })).toBeVisible();
  await expect(thread.getByText(`Agent: ${E2E_ADMIN.username}`)).toBeVisible();
  await thread.getByRole('button', { name: 'Return to bot' }).click();
  await expect(thread.getByRole('button', { name: 'Take over' })).toBeVisible();
});
