import { expect, type Locator, type Page, test } from '@playwright/test';
import { buttonsFlow, createFlowViaApi } from './support/flows.ts';
import { signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

// The bot flow builder as an admin uses it: a flow built on the canvas with mouse and keyboard, checked, saved and
// activated; and a saved flow tried out as a customer in the Try it panel.

const canvas = (page: Page) => page.getByRole('application', { name: 'Flow canvas' });
const node = (page: Page, id: string) => canvas(page).locator(`.react-flow__node[data-id="${id}"]`);

/** Drags a connection from one handle to another with the mouse, as a person does, once the view has settled. */
async function connect(page: Page, from: Locator, to: Locator) {
  await to.hover({ trial: true });
  await from.hover();
  const target = await to.boundingBox();
  if (!target) throw new Error('handle not on screen');
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

const sourceHandle = (page: Page, nodeId: string, handleId?: string) =>
  node(page, nodeId)
    .locator(handleId ? `.react-flow__handle.source[data-handleid="${handleId}"]` : '.react-flow__handle.source')
    .first();
const targetHandle = (page: Page, nodeId: string) => node(page, nodeId).locator('.react-flow__handle.target');

test('an admin builds a flow on the canvas with mouse and keyboard, fixes its error, saves, reloads it unchanged and activates it', async ({
  page,
}) => {
  const name = uniqueName('Greeting ');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/bot-flows');
  await page.getByRole('link', { name: 'New flow' }).click();
  await expect(page).toHaveURL(/\/bot-flows\/new$/);
  await expect(node(page, 'start')).toBeVisible();
  await page.getByLabel('Flow name').fill(name);

  // A message from the palette by mouse: empty, so the node itself says what is wrong, and Save waits for it.
  await page.getByRole('button', { name: 'Add Message' }).click();
  const message = node(page, 'message-1');
  await expect(message).toHaveAttribute('aria-describedby', /flow-node-issues-message-1/);
  await expect(message.locator('.flow-node')).toHaveClass(/has-error/);
  await expect(message).toContainText('Message node message-1 must have a message');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByText('Fix 1 error to save')).toBeVisible();

  // A quick reply dragged from the palette onto the canvas, below and to the right.
  const box = await canvas(page).boundingBox();
  if (!box) throw new Error('no canvas');
  await page
    .getByRole('button', { name: 'Add Quick reply' })
    .dragTo(canvas(page), { targetPosition: { x: box.width * 0.6, y: box.height * 0.75 } });
  await expect(node(page, 'question-1')).toBeVisible();
  await expect(page.getByText('Fix 2 errors to save')).toBeVisible();

  // A condition added from the keyboard, deleted with the Delete key, brought back and removed again with undo and redo.
  await page.getByRole('button', { name: 'Add Condition' }).focus();
  await page.keyboard.press('Enter');
  await expect(node(page, 'condition-1')).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(node(page, 'condition-1')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'condition-1')).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(node(page, 'condition-1')).toHaveCount(0);

  // Connections dragged from handle to handle.
  await page.getByRole('button', { name: 'Fit view' }).click();
  await connect(page, sourceHandle(page, 'start'), targetHandle(page, 'message-1'));
  await connect(page, sourceHandle(page, 'message-1'), targetHandle(page, 'question-1'));
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(2);

  // The texts, typed in the panel; the message's error goes once it has one.
  await message.click();
  const panel = page.getByRole('tabpanel', { name: 'Properties' });
  await panel.getByLabel('Message text').fill('Welcome to Acme!');
  await expect(message).toContainText('Welcome to Acme!');
  await expect(message.locator('.flow-node')).not.toHaveClass(/has-error/);
  await node(page, 'question-1').click();
  await panel.getByLabel('Question').fill('How can we help?');
  await panel.getByLabel('Option 1 title').fill('Sales');
  await panel.getByLabel('Option 2 title').fill('A title far too long for a button');
  await expect(panel.getByText('33/20 characters — 13 too many')).toBeVisible();
  await panel.getByLabel('Option 2 title').fill('Support');
  await expect(page.getByRole('heading', { name: /^Problems: 0 errors, 2 warnings$/ })).toBeVisible();

  // The Sales answer: a message added with the keyboard, connected from the panel's "leads to" field.
  await page.getByRole('button', { name: 'Add Message' }).focus();
  await page.keyboard.press('Enter');
  await panel.getByLabel('Message text').fill('Our sales team will call you today.');
  await node(page, 'question-1').click();
  await panel.getByLabel('When “Sales” is chosen').selectOption({ label: 'Message message-2' });
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(3);
  await expect(canvas(page).locator('.flow-edge-label', { hasText: 'Sales' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Flow saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/bot-flows\/\d+$/);
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Flow name')).toHaveValue(name);
  await expect(node(page, 'message-1')).toContainText('Welcome to Acme!');
  await expect(node(page, 'question-1')).toContainText('How can we help?');
  await expect(node(page, 'message-2')).toContainText('Our sales team will call you today.');
  await expect(canvas(page).locator('.react-flow__edge')).toHaveCount(3);
  await expect(page.getByText('Unsaved changes found')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Activation' }).click();
  const active = page.getByRole('switch', { name: 'Active' });
  await expect(active).toHaveAttribute('aria-checked', 'false');
  await active.click();
  await expect(active).toHaveAttribute('aria-checked', 'true');
  await page.goto('/bot-flows');
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Active', { exact: true })).toBeVisible();
});

test('the Try it panel shows the reply buttons, and tapping one shows the answer of its branch', async ({ page, request }) => {
  const flow = await createFlowViaApi(request, buttonsFlow());
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/bot-flows/${flow.id}`);
  await page.getByRole('tab', { name: 'Try it' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Try it' });
  await panel.getByLabel('Customer name').fill('Ada');
  await panel.getByRole('button', { name: 'Start' }).click();

  const phone = panel.getByRole('region', { name: 'Conversation with the bot' });
  await expect(phone.getByText('Welcome to Acme!')).toBeVisible();
  await expect(phone.getByText('How can we help?')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Support' })).toBeEnabled();
  await phone.getByRole('button', { name: 'Sales' }).click();

  await expect(phone.locator('.try-customer')).toHaveText('Sales');
  await expect(phone.getByText('Our sales team will call you today.')).toBeVisible();
  await expect(phone.getByText('Support is open from 9 to 5.')).toHaveCount(0);
  await expect(phone.getByText('The flow finished.')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Sales' })).toBeDisabled();
});
