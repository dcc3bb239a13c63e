import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ApiKey } from '@wac/contract/api-keys';
import { appSettingDefaults } from '@wac/contract/app-settings-defaults';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { publicSettingsQueryKey } from '../../lib/app-settings';
import { ToastProvider } from '../../ui/toasts';
import { apiKeysQueryKey } from './api/api-key-query-keys';

export function apiKey(patch: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 1,
    name: 'Shop orders',
    prefix: 'wac_AbC12345',
    scopes: ['send:text', 'send:template'],
    status: 'active',
    expiresAt: null,
    allowedIps: [],
    rateLimitPerMinute: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    createdBy: 'admin',
    lastUsedAt: '2026-05-10T11:55:00.000Z',
    revokedAt: null,
    callsToday: 42,
    ...patch,
  };
}

/**
 * Renders with a query cache the test seeds: API key queries never fetch (what they answer is whatever `seed` put in
 * the cache), and the app settings say UTC, so the pages never call the server here.
 */
export function renderWithCache(ui: ReactNode, seed: (client: QueryClient) => void = () => {}, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryDefaults(apiKeysQueryKey, { enabled: false });
  client.setQueryData(publicSettingsQueryKey, { settings: { ...appSettingDefaults, 'app.timezone': 'UTC' } });
  seed(client);
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, ...view };
}
