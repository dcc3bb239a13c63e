import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { apiKeysQueryKey } from './api-key-query-keys';

/** DELETE revokes: the key stays listed (as revoked) with its logs, so everything about it is fetched again. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestWithFallback<unknown>(`/api/keys/${id}`, 'Failed to revoke API key', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
