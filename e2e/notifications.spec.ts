import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './support/session.ts';
import { E2E_ADMIN } from './support/stack.ts';

test('the bell counts unread notifications live, caps at 9+, and mark all as read clears it', async ({ page, request }) => {
  const token = await apiToken(request);
  await request.post('/api/activities/mark-read', { data: { markAllAsRead: true }, headers: { authorization: `Bearer ${token}` } });
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const badge = page.getByTestId('notification-badge');
  // Signing in wrote one activity of the admin's own.
  await expect(badge).toHaveText('1');

  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/activities', {
      data: { type: 'backup_finished', sourceType: 'system', data: { details: `Backup ${i}` } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
  }
  await expect(badge).toHaveText('9+');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(5);
  await expect(panel.getByText('By: admin').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badge).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeHidden();

  await panel.getByRole('link', { name: 'View all activities' }).click();
  await expect(page).toHaveURL(/\/activities$/);
});
