import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Activity } from '@wac/contract/activities';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationDropdown } from './notification-dropdown';

afterEach(cleanup);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function activity(id: number, read = false): Activity {
  const at = minutesAgo(id);
  return {
    id,
    type: 'login',
    sourceType: 'auth',
    data: { username: 'amy' },
    read,
    userId: 1,
    user: { id: 1, username: 'amy' },
    ip: null,
    createdAt: at,
    timestamp: at,
  };
}

// The list is seeded into the query cache, as the first fetch would leave it; the bell never calls the server here.
function renderBell(activities: Activity[], unreadCount: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['notifications'], { activities, unreadCount });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationDropdown />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const badge = () => screen.queryByTestId('notification-badge');

describe('NotificationDropdown', () => {
  it.each([
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('shows %i unread as %s on the badge', (unread, text) => {
    renderBell([activity(1)], unread);
    expect(badge()?.textContent).toBe(text);
  });

  it('shows no badge and no mark-all button when everything is read', () => {
    renderBell([activity(1, true)], 0);
    expect(badge()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel.querySelector('h3')?.textContent).toBe('Notifications');
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('lists at most 5 items with text, relative time and the user, and links to all activities', () => {
    renderBell(
      [1, 2, 3, 4, 5, 6, 7].map((id) => activity(id)),
      7,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 7 unread' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeTruthy();
    expect(screen.getAllByText(/minutes? ago · By: amy/)).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View all activities' }).getAttribute('href')).toBe('/activities');
  });

  it('names the stored user, not the username written in the activity data', () => {
    const forged: Activity = { ...activity(1), type: 'user_deleted', sourceType: 'user', data: { username: 'admin', name: 'carol' } };
    renderBell([forged], 1);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const item = screen.getByRole('listitem');
    expect(item.querySelector('.notification-text')?.textContent).toBe('amy deleted user carol');
    expect(item.textContent).toContain('By: amy');
    expect(item.textContent).not.toContain('admin');
  });

  it("says 'No notifications' when there are none", () => {
    renderBell([], 0);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications')).toBeTruthy();
  });
});
