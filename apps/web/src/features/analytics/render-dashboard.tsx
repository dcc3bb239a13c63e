import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AppSettings } from '@wac/contract/app-settings-defaults';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { publicSettingsQueryKey } from '../../lib/app-settings';
import { setDateSettings } from '../../lib/format-date';
import { ToastProvider } from '../../ui/toasts';
import { fixtureSearch } from './analytics-test-fixtures';

/** A query's key, its answer, or the error it failed with (neither: it stays loading). */
export type SeededAnswer = [key: QueryKey, data?: unknown, error?: Error];

/**
 * For the dashboards' page tests: renders `page` at the fixtures' range (?from=&to=&interval=) with every query it
 * makes answered from the cache (or failed, or held back), so the page never calls the server.
 */
export async function renderDashboard(page: ReactElement, { settings, answers }: { settings: AppSettings; answers: SeededAnswer[] }) {
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
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[`/dashboard${fixtureSearch}`]}>{page}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
