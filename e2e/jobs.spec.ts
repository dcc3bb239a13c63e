import { type APIRequestContext, expect, test } from '@playwright/test';
import type { JobsOverview } from '@wac/contract/jobs';
import { apiToken, signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';
import { customerMessageWebhook, postSignedWebhook, uniqueCustomerPhone } from './support/whatsapp.ts';

const SIGN_IN_CLEANUP = 'End expired sessions and forget old sign-in attempts';
const WEBHOOK_EVENTS = 'Process webhook events';

test('an admin opens the background jobs from the sidebar and runs the sign-in cleanup now', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Background jobs' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  for (const title of [
    SIGN_IN_CLEANUP,
    'Fail sends Meta never answered',
    'Sync templates with Meta',
    WEBHOOK_EVENTS,
    'Download customers’ media',
  ]) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: WEBHOOK_EVENTS })).toContainText('When work arrives');
  await expect(page.getByRole('region', { name: WEBHOOK_EVENTS }).getByRole('button', { name: /^Run now/ })).toHaveCount(0);

  const cleanup = page.getByRole('region', { name: SIGN_IN_CLEANUP });
  await expect(cleanup).toContainText('Every 1 min');
  await cleanup.getByRole('button', { name: `Run now: ${SIGN_IN_CLEANUP}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued to run now' })).toContainText(SIGN_IN_CLEANUP);
});

async function webhookFailureIds(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/jobs', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const { kinds } = (await res.json()) as JobsOverview;
  return kinds.find((kind) => kind.name === 'messaging.webhook-events')?.failures.map((failure) => failure.id) ?? [];
}

test('a webhook event the server cannot store shows as failed, and an admin puts it back in the queue', async ({ page, request }) => {
  // Five tries, one every couple of seconds, before the event is given up on.
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const before = await webhookFailureIds(request, token);
  // A signed, well-formed delivery whose message time lies past the end of the calendar: storing it fails every time.
  await postSignedWebhook(
    request,
    customerMessageWebhook({ from: uniqueCustomerPhone(), name: 'Tim Far', text: 'Hello from the future', timestamp: '99999999999999' }),
  );
  let id = '';
  await expect(async () => {
    const added = (await webhookFailureIds(request, token)).filter((failure) => !before.includes(failure));
    expect(added).toHaveLength(1);
    id = added[0]!;
  }).toPass({ timeout: 30_000 });

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin/jobs');
  const failures = page.getByRole('region', { name: WEBHOOK_EVENTS }).getByRole('table', { name: `Failures of ${WEBHOOK_EVENTS}` });
  const retry = failures.getByRole('button', { name: `Retry job ${id} of ${WEBHOOK_EVENTS}` });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued for a retry' })).toContainText(`Job ${id} of ${WEBHOOK_EVENTS}`);
  // Back in the queue with a fresh set of tries, it leaves the failures until it has used them up again.
  await expect(retry).toHaveCount(0);
});
