import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate } from '@wac/contract/api-keys';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { apiKeyKeys } from './api-key-query-keys';

/** The key as the server answered it replaces the cached one; the list shows the change. */
function useAfterKeyChange() {
  const queryClient = useQueryClient();
  return (key: ApiKey) => {
    queryClient.setQueryData(apiKeyKeys.one(key.id), key);
    void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list });
  };
}

/**
 * POST /api/keys answers the secret once. It stays in the page that asked for it: only the key (never the secret) goes
 * into the query cache, and the mutation forgets its answer as soon as that page is left.
 */
export function useCreateApiKey() {
  const after = useAfterKeyChange();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) =>
      requestWithFallback<ApiKeyCreated>('/api/keys', 'Failed to create API key', { method: 'POST', body }),
    onSuccess: (created) => after(created.key),
    gcTime: 0,
  });
}

export function useUpdateApiKey() {
  const after = useAfterKeyChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApiKeyUpdate }) =>
      requestWithFallback<ApiKey>(`/api/keys/${id}`, 'Failed to update API key', { method: 'PUT', body }),
    onSuccess: after,
  });
}
