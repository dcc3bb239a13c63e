import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { bubble, openChatWith, reply } from './support/chat.ts';
import { createUserViaApi, signIn, uniqueName } from './support/session.ts';
import { customerWrites, socketConnected, uniqueCustomerPhone } from './support/whatsapp.ts';

/** A new agent, created by the admin, signed in with the socket up in a browser context of their own. */
async function agentSignedIn(browser: Browser, request: APIRequestContext): Promise<{ page: Page; name: string }> {
  const name = uniqueName('agent');
  const password = 'agent-e2e-password';
  await createUserViaApi(request, { username: name, password, email: `${name}@example.com`, role: 'agent' });
  const page = await (await browser.newContext()).newPage();
  const connected = socketConnected(page);
  await signIn(page, name, password);
  await connected;
  return { page, name };
}

test('an agent takes a conversation over from a colleague after confirming, and the colleague sees it live', async ({
  browser,
  request,
}) => {
  const customer = 'Tess Takeover';
  await customerWrites(request, uniqueCustomerPhone(), customer, 'Can someone help me with my order?');
  const ann = await agentSignedIn(browser, request);
  const ben = await agentSignedIn(browser, request);

  // Ann answers, so she holds the conversation.
  const annThread = await openChatWith(ann.page, customer);
  await reply(ann.page, 'Hi, Ann here. Let me look.');
  await expect(bubble(annThread, 'Hi, Ann here. Let me look.')).toBeVisible();
  await expect(annThread.getByText(`Agent: ${ann.name}`)).toBeVisible();

  // Ben writes too: refused, he is told who holds it and offered the takeover.
  const benThread = await openChatWith(ben.page, customer);
  await reply(ben.page, 'Ben here, I can help.');
  const notice = benThread.getByRole('alert').filter({ hasText: `This conversation is handled by ${ann.name}` });
  await expect(notice).toBeVisible();
  await expect(bubble(benThread, 'Ben here, I can help.')).toBeHidden();

  await notice.getByRole('button', { name: 'Take over' }).click();
  const confirm = ben.page.getByRole('dialog', { name: `Take over from ${ann.name}?` });
  await expect(confirm).toContainText(`${ann.name} is handling this conversation.`);
  await confirm.getByRole('button', { name: 'Take over' }).click();
  await expect(confirm).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(benThread.getByText(`Agent: ${ben.name}`)).toBeVisible();

  // What he wrote is still in the composer, and now it goes.
  await benThread.getByRole('textbox', { name: 'Type a message' }).press('Enter');
  await expect(bubble(benThread, 'Ben here, I can help.')).toBeVisible();

  // Ann's open thread follows without a reload, and she is notified.
  await expect(annThread.getByText(`Agent: ${ben.name}`)).toBeVisible();
  await expect(bubble(annThread, 'Ben here, I can help.')).toBeVisible();
  await ann.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    ann.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`${ben.name} took over the conversation with ${customer} from ${ann.name}`),
  ).toBeVisible();

  await ann.page.context().close();
  await ben.page.context().close();
});
