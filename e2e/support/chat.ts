import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the customer's conversation from the inbox, as a person does; answers the open thread. */
export async function openChatWith(page: Page, name: string): Promise<Locator> {
  await page.goto('/chat');
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  const thread = page.getByRole('region', { name: `Conversation with ${name}` });
  await expect(thread).toBeVisible();
  return thread;
}

/** Types in the composer and sends with Enter. */
export async function reply(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Type a message' });
  await composer.fill(text);
  await composer.press('Enter');
}

export const bubble = (scope: Page | Locator, text: string) => scope.locator('.message-bubble', { hasText: text });
