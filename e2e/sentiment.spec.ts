import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { bubble, openChatWith } from './support/chat.ts';
import { createUserViaApi, signIn, uniqueName } from './support/session.ts';
import { customerWrites, socketConnected, uniqueCustomerPhone } from './support/whatsapp.ts';

test('an agent sees an unhappy message marked negative as it arrives, corrects it to neutral, and the correction stays', async ({
  page,
  request,
}) => {
  const agent = {
    username: uniqueName('mood'),
    password: 'agent-password',
    email: `${uniqueName('mood')}@example.com`,
    role: 'agent' as const,
  };
  await createUserViaApi(request, agent);
  const phone = uniqueCustomerPhone();
  await customerWrites(request, phone, 'Una Unhappy', 'Hello, I have a question about my order');

  const connected = socketConnected(page);
  await signIn(page, agent.username, agent.password);
  await connected;
  const thread = await openChatWith(page, 'Una Unhappy');
  await customerWrites(request, phone, 'Una Unhappy', 'This is terrible, my order never arrived and nobody answers 😡');

  const unhappy = bubble(thread, 'This is terrible');
  const mark = unhappy.getByRole('button', { name: 'Sentiment: negative' });
  await expect(mark).toBeVisible();
  await expect(thread.getByRole('button', { name: /^Mood: / })).toBeVisible();

  // From the keyboard: the menu opens on the current label; one up is Neutral.
  await mark.focus();
  await page.keyboard.press('Enter');
  const menu = unhappy.getByRole('menu', { name: 'Correct the sentiment' });
  await expect(menu.getByRole('menuitemradio', { name: 'Negative' })).toBeFocused();
  const { violations } = await new AxeBuilder({ page })
    .include('.chat-thread')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitemradio', { name: 'Neutral' })).toBeFocused();
  await page.keyboard.press('Enter');

  const corrected = unhappy.getByRole('button', { name: 'Sentiment: neutral, corrected' });
  await expect(corrected).toBeVisible();
  await expect(corrected).toBeFocused();

  await page.reload();
  await expect(bubble(page, 'This is terrible').getByRole('button', { name: 'Sentiment: neutral, corrected' })).toBeVisible();
});
