import { type QueryClient as Client, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../ui/toasts';

export interface SeededList {
  /** The key every list query of the page starts with: those queries never run. */
  lists: QueryKey;
  /** The query of the page as it opens. */
  firstPage: QueryKey;
  /** Seeded as its answer; with neither this nor `error` the page stays loading. */
  data?: unknown;
  error?: Error;
}

/**
 * For page tests: renders `page` with its list query seeded in the cache (or held back, or failed), so the page never
 * calls the server. `prepare` seeds anything else the page reads first (settings, say).
 */
export async function renderSeededPage(page: ReactElement, list: SeededList, prepare?: (client: Client) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  prepare?.(client);
  client.setQueryDefaults(list.lists, { enabled: false });
  if (list.data) client.setQueryData(list.firstPage, list.data);
  if (list.error) await client.prefetchQuery({ queryKey: list.firstPage, queryFn: () => Promise.reject(list.error) });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
