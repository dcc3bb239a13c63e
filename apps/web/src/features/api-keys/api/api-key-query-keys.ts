import type { ApiKeyLogsQuery } from './api-key-logs';

/** Every API key query starts with this key, so one invalidation refreshes the list, the keys, their usage and logs. */
export const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeyKeys = {
  list: [...apiKeysQueryKey, 'list'] as const,
  one: (id: number) => [...apiKeysQueryKey, 'one', id] as const,
  usage: (id: number) => [...apiKeysQueryKey, 'usage', id] as const,
  logs: (id: number, query: ApiKeyLogsQuery) => [...apiKeysQueryKey, 'logs', id, query] as const,
};
