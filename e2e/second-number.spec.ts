import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { bubble, reply } from './support/chat.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

// The sandbox's second number; every run starts on a fresh database, and no other spec adds it. Once added it stays for
// the specs after this one: they then see a Number filter and Send from choices, and still work on the first number.
const SECOND = '100000000000002';
const SALES = 'Sales (+15550100002)';
// A number no other spec plays (theirs come from uniqueCustomerPhone, 13 digits).
const OLA_PHONE = '+44 7700 900 881';

/** WCAG 2.1 AA as axe-core checks it, on the whole page or the part `include` names: no serious or critical violation. */
async function expectAccessible(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('an admin adds a second number, a customer writes to it, and the agent answers from it', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'WhatsApp numbers' });
  const addForm = card.getByRole('form', { name: 'Add a number' });
  await addForm.getByLabel('Phone-number id').fill(SECOND);
  await addForm.getByLabel('Name', { exact: true }).fill('Sales');
  await addForm.getByRole('button', { name: 'Add number' }).click();
  // Checked with Meta (the sandbox) on the way in: its display number and quality are listed.
  const sales = card.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sales', exact: true }) });
  await expect(sales.getByText('+15550100002')).toBeVisible();
  await expect(sales.getByText('High (GREEN)')).toBeVisible();
  await expect(sales.getByRole('button', { name: `Disable ${SALES}` })).toBeVisible();
  await expectAccessible(page, '#whatsapp-numbers');

  await page.getByRole('link', { name: 'Customer simulator' }).click();
  await page.getByLabel('Write to').selectOption({ label: SALES });
  await page.getByLabel('Customer phone').fill(OLA_PHONE);
  await page.getByLabel('Customer name').fill('Ola');
  await page.getByLabel('Customer message').fill('Hello sales');
  await page.getByRole('button', { name: 'Send as customer' }).click();
  const phone = page.getByRole('region', { name: "Customer's phone" });
  await expect(phone.getByRole('list', { name: "Messages on the customer's phone" }).getByText('Hello sales')).toBeVisible();

  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await page.getByLabel('Number', { exact: true }).selectOption({ label: SALES });
  const inbox = page.getByRole('navigation', { name: 'Conversations' });
  await inbox.getByRole('link', { name: /Ola/ }).click();
  const thread = page.getByRole('region', { name: 'Conversation with Ola' });
  await expect(bubble(thread, 'Hello sales')).toBeVisible();
  await expect(thread.getByText(`On ${SALES}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`number=${SECOND}`));
  await expectAccessible(page);
  await reply(page, 'Sales team here');
  await expect(bubble(thread, 'Sales team here')).toBeVisible();

  // The simulator opens on Ola writing to Sales again: the reply came from that number.
  await page.getByRole('link', { name: 'Customer simulator' }).click();
  await expect(page.getByLabel('Write to')).toHaveValue(SECOND);
  await expect(phone.getByRole('list', { name: "Messages on the customer's phone" }).getByText('Sales team here')).toBeVisible();
  await page.getByLabel('Write to').selectOption({ label: '+15550100001' });
  await expect(phone.getByText(/^No messages yet/)).toBeVisible();
  await expect(phone).not.toContainText('Sales team here');
});
