import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { closeDatabase, database, seedConversation } from './support/database.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { uniqueCustomerPhone } from './support/whatsapp.ts';

// Messages from 2012, older than the largest cut-off a cleanup takes (3,650 days) and older than anything another spec
// writes, so the cleanup of this story takes exactly these and nothing of the others'.
const SEEDED = 1200;
const OLD = new Date('2012-06-01T12:00:00Z');

test.afterAll(closeDatabase);

test('an admin previews a database cleanup, runs it with an archive, watches it finish and downloads the archive', async ({ page }) => {
  const db = await database();
  const conversationId = await seedConversation(db, {
    name: 'Olga Oldtimer',
    phone: uniqueCustomerPhone(),
    messages: [
      { direction: 'inbound', at: OLD, text: 'Is my order on its way?' },
      { direction: 'outbound', at: new Date(OLD.getTime() + 60_000), text: 'It left today.', status: 'read' },
    ],
  });
  // Enough rows for a run of several batches: a bar that moves, not one that is full at once.
  await db.query(
    `INSERT INTO messages (conversation_id, wamid, direction, type, content, status, timestamp)
     SELECT $1::int, 'wamid.maintenance.' || $1::int || '.' || n, 'inbound', 'text', jsonb_build_object('text', 'old note ' || n), 'received',
       $2::timestamptz - n * interval '1 minute'
     FROM generate_series(1, $3::int) AS n`,
    [conversationId, OLD, SEEDED - 2],
  );

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Maintenance' }).click();
  const maintenance = page.getByRole('region', { name: 'Maintenance' });
  await maintenance.getByRole('tab', { name: 'Database cleanup' }).click();
  const panel = maintenance.getByRole('tabpanel', { name: 'Database cleanup' });

  await panel.getByLabel('Older than (days)').fill('3650');
  await panel.getByRole('checkbox', { name: 'Activities' }).uncheck();
  await panel.getByRole('checkbox', { name: 'API usage events' }).uncheck();
  await panel.getByLabel('Batch size').fill('100');
  await panel.getByRole('checkbox', { name: 'Archive before delete' }).check();
  await panel.getByRole('button', { name: 'Preview' }).click();
  const preview = panel.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('row', { name: /^Messages/ }).getByRole('cell', { name: '1,200', exact: true })).toBeVisible();

  // The rest of the settings page is audited by accessibility.spec.ts.
  const { violations } = await new AxeBuilder({ page })
    .include('#maintenance')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await panel.getByRole('button', { name: 'Run cleanup' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete old rows' });
  await expect(confirm).toContainText(/Delete 1,200 messages older than \d{4}-\d{2}-\d{2}\?/);
  await expect(confirm).toContainText('written to an archive');
  await confirm.getByRole('button', { name: 'Delete old rows' }).click();

  const run = panel.getByRole('region', { name: /^Cleanup (under way|finished)$/ });
  const bar = run.getByRole('progressbar', { name: 'Messages' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
  await expect(run.getByRole('heading', { name: 'Cleanup finished' })).toBeVisible();
  await expect(run.getByRole('status')).toHaveText('Completed');
  await expect(run).toContainText('1,200 of 1,200 messages · 100%');
  await expect(run).toContainText('Deleted 1,200 messages.');
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history.getByRole('row').nth(1)).toContainText('Completed');
  expect((await db.query('SELECT 1 FROM messages WHERE conversation_id = $1', [conversationId])).rowCount).toBe(0);

  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: /^Download messages-/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^messages-\d+-\d{8}T\d{6}Z\.jsonl\.gz$/);
  await expect(
    panel.getByRole('region', { name: 'Archives' }).getByRole('cell', { name: download.suggestedFilename(), exact: true }),
  ).toBeVisible();
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const lines = gunzipSync(bytes).toString('utf8').trim().split('\n');
  expect(lines).toHaveLength(SEEDED);
  expect(lines.map((line) => JSON.parse(line).conversation_id)).toEqual(Array(SEEDED).fill(conversationId));
});

test('an admin erases a customer on request, after seeing what goes', async ({ page }) => {
  const phone = uniqueCustomerPhone();
  const db = await database();
  await seedConversation(db, {
    name: 'Erin Erasure',
    phone,
    messages: [
      { direction: 'inbound', at: new Date(), text: 'Please delete everything you hold about me.' },
      { direction: 'outbound', at: new Date(), text: 'We will.', status: 'delivered' },
    ],
  });

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/settings#maintenance');
  const maintenance = page.getByRole('region', { name: 'Maintenance' });
  await maintenance.getByRole('tab', { name: 'Erase a customer' }).click();
  const panel = maintenance.getByRole('tabpanel', { name: 'Erase a customer' });
  await panel.getByLabel('Customer’s phone number').fill(`+${phone}`);
  await panel.getByRole('button', { name: 'Find customer' }).click();
  const found = panel.getByRole('region', { name: `Erin Erasure (+${phone})` });
  await expect(found.getByRole('row', { name: /^Messages 2/ })).toBeVisible();
  await expect(found.getByRole('row', { name: /^Conversations 1/ })).toBeVisible();

  await found.getByRole('button', { name: 'Erase customer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase customer' });
  await expect(confirm).toContainText(`Erase Erin Erasure (+${phone}) for good? 2 messages and 1 conversation will be deleted.`);
  await confirm.getByRole('button', { name: 'Erase customer' }).click();
  await expect(panel.getByRole('status')).toContainText(`Erased Erin Erasure (+${phone}) on`);
  expect((await db.query('SELECT 1 FROM contacts WHERE phone = $1', [phone])).rowCount).toBe(0);

  await panel.getByLabel('Customer’s phone number').fill(`+${phone}`);
  await panel.getByRole('button', { name: 'Find customer' }).click();
  // The server names the phone as the field at fault: the message stands under it.
  const field = panel.getByLabel('Customer’s phone number');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(`No customer has the phone number +${phone}`);
});
