import { useMutation, useQueryClient } from '@tanstack/react-query';
import { licenseStorageQueryKey } from './get-license-storage';
import { licenseRequest } from './license-request';

export function clearStorageCache(): Promise<{ success: true }> {
  return licenseRequest<{ success: true }>('/api/license/storage/cache', { method: 'DELETE' });
}

export function useClearStorageCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearStorageCache,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseStorageQueryKey }),
  });
}
