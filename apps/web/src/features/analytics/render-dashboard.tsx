import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AppSettings } from '@wac/contract/app-settings-defaults';
import type { Role, User } from '@wac/contract/auth';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { publicSettingsQueryKey } from '../../lib/app-settings';
import { AuthContext } from '../../lib/auth-context';
import { setDateSettings } from '../../lib/format-date';
import { ToastProvider } from '../../ui/toasts';
import { fixtureSearch } from './analytics-test-fixtures';

/** A query's key, its answer, or the error it failed with (neither: it stays loading). */
export type SeededAnswer = [key: QueryKey, data?: unknown, error?: Error];

interface DashboardSetup {
  settings: AppSettings;
  answers: SeededAnswer[];
  /** Who is signed in: an admin unless told. */
  role?: Role;
  /** The address's query: the fixtures' range (?from=&to=&interval=) unless told. */
  search?: string;
}

/**
 * For the dashboards' page tests: renders `page` at the fixtures' range, signed in, with every query it makes
 * answered from the cache (or failed, or held back), so the page never calls the server.
 */
export async function renderDashboard(page: ReactElement, { settings, answers, role = 'admin', search = fixtureSearch }: DashboardSetup) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryOnMount: false, staleTime: Number.POSITIVE_INFINITY, queryFn: () => new Promise(() => {}) },
    },
  });
  client.setQueryData(publicSettingsQueryKey, { settings });
  setDateSettings(settings);
  for (const [key, data, error] of answers) {
    if (data !== undefined) client.setQueryData(key, data);
    if (error) await client.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(error) });
  }
  const user: User = { id: 1, username: 'amy', email: null, role, emailVerified: true, createdAt: '2026-01-01T00:00:00Z' };
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider
        value={{ status: 'signed-in', user, token: 't', login: async () => user, logout: async () => {}, updateUser: () => {} }}
      >
        <ToastProvider>
          <MemoryRouter initialEntries={[`/dashboard${search}`]}>{page}</MemoryRouter>
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
