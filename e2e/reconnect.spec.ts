// The named export: the package's CommonJS typings make the default import the module object under NodeNext.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { bubble, openChatWith } from './support/chat.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { startServer, stopServer } from './support/stack-control.ts';
import { customerMessageWebhook, customerWrites, postSignedWebhook, socketConnected, uniqueCustomerPhone } from './support/whatsapp.ts';

const OUTAGE_MS = 30_000;

test('an open chat hears again from customers after a 30-second server outage, without a reload', async ({ page, request }) => {
  // The outage, the spec's five attempts and the next 30-second try take about a minute and a half on a busy machine.
  test.setTimeout(180_000);
  const phone = uniqueCustomerPhone();
  await customerWrites(request, phone, 'Otto Outage', 'Are you open on Sunday?');
  const firstConnect = socketConnected(page);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const thread = await openChatWith(page, 'Otto Outage');
  await firstConnect;
  await expect(bubble(thread, 'Are you open on Sunday?')).toBeVisible();

  await stopServer();
  const down = Date.now();
  // The customer writes while the server is down: Meta's delivery of the signed webhook finds no one listening, and
  // Meta delivers it again later (it retries failed deliveries), which is what is posted once the server is back.
  const written = customerMessageWebhook({
    from: phone,
    name: 'Otto Outage',
    text: 'Hello? Anyone there?',
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
  await expect(postSignedWebhook(request, written)).rejects.toThrow(/ECONNREFUSED/);

  // The spec's five attempts run out with its message, and the console says it keeps trying.
  await expect(page.getByText('Failed to reconnect to the server. Please refresh the page.')).toBeVisible({ timeout: OUTAGE_MS });
  const banner = page.getByRole('status').filter({ hasText: 'Reconnecting… new messages may be delayed' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Retry now' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .include('.reconnect-banner')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - down)));
  const reconnected = socketConnected(page).then(() => Date.now());
  await startServer();
  const up = Date.now();
  await postSignedWebhook(request, written);

  // No reload, no click: the console's own next try brings it back, and what it missed is fetched again.
  await expect(bubble(thread, 'Hello? Anyone there?')).toBeVisible({ timeout: 45_000 });
  const visible = Date.now();
  const connected = await reconnected;
  await expect(banner).toBeHidden();
  await expect(page.getByText('Failed to reconnect to the server. Please refresh the page.')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Otto Outage/ })).toContainText(
    'Hello? Anyone there?',
  );
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const figure =
    `server answering again ${seconds(up - down)} after it stopped; socket connected ${seconds(connected - up)} and the ` +
    `message shown ${seconds(visible - up)} after that`;
  test.info().annotations.push({ type: 'reconnect after a 30-second outage', description: figure });
  console.log(`reconnect after a 30-second outage: ${figure}`);
});
