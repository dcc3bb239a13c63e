import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { Role, User } from '@wac/contract/auth';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSettingsQueryKey } from '../../lib/app-settings';
import { AuthContext } from '../../lib/auth-context';
import { channelStatusQueryKey } from '../../lib/channel-status';
import { Sidebar } from './sidebar';

afterEach(cleanup);

function renderSidebar(role: Role, collapsed = false, mode: 'sandbox' | 'live' = 'live') {
  const user: User = { id: 1, username: 'amy', email: null, role, emailVerified: false, createdAt: '2025-01-01T00:00:00Z' };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(publicSettingsQueryKey, { settings: appSettingDefaults });
  client.setQueryData(channelStatusQueryKey, { mode, phoneNumberId: '100000000000001', apiVersion: 'v21.0' });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider
        value={{ status: 'signed-in', user, token: 't', login: async () => user, logout: async () => {}, updateUser: () => {} }}
      >
        <MemoryRouter initialEntries={['/chat']}>
          <Sidebar collapsed={collapsed} onToggle={() => {}} />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const nav = () => screen.getByRole('complementary', { name: 'Main navigation' });
const links = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('Sidebar', () => {
  it('shows an agent only Chat, Media and Conversations, with no admin groups', () => {
    renderSidebar('agent');
    expect(links()).toEqual([
      ['Chat', '/chat'],
      ['Media', '/media'],
      ['Conversations', '/reports/conversations'],
    ]);
    expect(within(nav()).queryByText('Management')).toBeNull();
    expect(within(nav()).queryByText('Dashboard')).toBeNull();
  });

  it('shows an admin the four groups with their items', () => {
    renderSidebar('admin');
    expect(links()).toEqual([
      ['Overview', '/admin/dashboard/overview'],
      ['Metrics', '/admin/dashboard/metrics'],
      ['Sentiment', '/admin/dashboard/sentiment'],
      ['Template analytics', '/dashboard/templates'],
      ['Chat', '/chat'],
      ['Media', '/media'],
      ['Templates', '/templates'],
      ['Campaigns', '/campaigns'],
      ['Bot flows', '/bot-flows'],
      ['Conversations', '/reports/conversations'],
      ['Activities', '/activities'],
      ['Users', '/admin/users'],
      ['API keys', '/api-keys'],
      ['Background jobs', '/admin/jobs'],
      ['Settings', '/settings'],
    ]);
    for (const group of ['Dashboard', 'Communication', 'Reports', 'Management']) expect(within(nav()).getByText(group)).toBeTruthy();
  });

  it('adds the customer simulator while the console uses the sandbox', () => {
    renderSidebar('admin', false, 'sandbox');
    expect(within(nav()).getByRole('link', { name: 'Customer simulator' }).getAttribute('href')).toBe('/simulator');
  });

  it('collapsed, hides the group titles but keeps every link reachable by name', () => {
    renderSidebar('admin', true);
    expect(within(nav()).queryByText('Management')).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe('false');
  });
});
