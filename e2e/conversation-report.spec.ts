import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiToken, signIn, uniqueName } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { customerMessageWebhook, postSignedWebhook, uniqueCustomerPhone } from './support/whatsapp.ts';

// A week long past, which no other story writes in: the report shows only what this one seeds.
const RANGE = '?startDate=2024-03-04&endDate=2024-03-10';
const noonOf = (day: string) => String(Date.parse(`${day}T12:00:00Z`) / 1000);

test('a manager opens the conversation report from a link with a range, filters by agent and exports that as CSV', async ({
  page,
  request,
}) => {
  const held = { name: uniqueName('Ines '), phone: uniqueCustomerPhone() };
  const other = { name: uniqueName('Joao '), phone: uniqueCustomerPhone() };
  await postSignedWebhook(
    request,
    customerMessageWebhook({ from: held.phone, name: held.name, text: 'Where is my order?', timestamp: noonOf('2024-03-05') }),
  );
  await postSignedWebhook(
    request,
    customerMessageWebhook({ from: other.phone, name: other.name, text: 'Do you open on Sunday?', timestamp: noonOf('2024-03-06') }),
  );
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const inRange = async () =>
    (await (await request.get(`/api/reports/conversations${RANGE}`, { headers })).json()).rows as {
      conversationId: number;
      contact: { name: string };
    }[];
  await expect.poll(async () => (await inRange()).length, { timeout: 10_000 }).toBe(2);
  // The admin takes Ines's conversation: the admin holds it.
  const heldId = (await inRange()).find((row) => row.contact.name === held.name)?.conversationId;
  expect((await request.post(`/api/agent/session/${heldId}/takeover`, { headers, data: {} })).status()).toBe(200);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/reports/conversations${RANGE}`);
  await expect(page.getByLabel('Start date')).toHaveValue('2024-03-04');
  await expect(page.getByLabel('End date')).toHaveValue('2024-03-10');
  const table = page.getByRole('table');
  for (const column of ['Agent', 'Sentiment', 'First response', 'Resolution']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(
    table.getByRole('row', { name: new RegExp(held.name) }).getByRole('cell', { name: E2E_ADMIN.username, exact: true }),
  ).toBeVisible();

  await page.getByLabel('Agent', { exact: true }).selectOption({ label: E2E_ADMIN.username });
  await expect(page).toHaveURL(/[?&]agentId=\d+/);
  await expect(page).toHaveURL(/startDate=2024-03-04&endDate=2024-03-10/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(held.name)).toBeVisible();
  await expect(table.getByText(other.name)).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('conversations-2024-03-04-2024-03-10.csv');
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('"Agent","Average sentiment","Negative messages","First response (s)"');
  expect(lines[0]).toContain('"Resolution (s)"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${held.name}"`);
  expect(lines[1]).toContain(`"agent","${E2E_ADMIN.username}"`);

  // The address is the report: opened again, it shows the same filtered range.
  const agentId = new URL(page.url()).searchParams.get('agentId') ?? '';
  await page.reload();
  await expect(page.getByLabel('Agent', { exact: true })).toHaveValue(agentId);
  await expect(table.getByRole('row')).toHaveCount(2);
});
