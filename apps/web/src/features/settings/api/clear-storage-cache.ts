import { useMutation, useQueryClient } from '@tanstack/react-query';
import { licenceStorageQueryKey } from './get-licence-storage';
import { licenceRequest } from './licence-request';

export function clearStorageCache(): Promise<{ success: true }> {
  return licenceRequest<{ success: true }>('/api/license/storage/cache', { method: 'DELETE' });
}

export function useClearStorageCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearStorageCache,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceStorageQueryKey }),
  });
}
