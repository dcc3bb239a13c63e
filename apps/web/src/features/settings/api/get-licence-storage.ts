import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StorageUsage } from '@wac/contract/licence';
import { licenceQueryKey } from './get-licence-status';
import { licenceRequest } from './licence-request';

export const licenceStorageQueryKey = [...licenceQueryKey, 'storage'] as const;

export function fetchLicenceStorage(refresh = false, signal?: AbortSignal): Promise<StorageUsage> {
  return licenceRequest<StorageUsage>('/api/license/storage', { query: { refresh: refresh || undefined }, signal });
}

export function useLicenceStorage() {
  return useQuery({ queryKey: licenceStorageQueryKey, queryFn: ({ signal }) => fetchLicenceStorage(false, signal) });
}

/** Walks DATA_DIR again instead of answering from the server's cache. */
export function useRefreshLicenceStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchLicenceStorage(true),
    onSuccess: (data) => queryClient.setQueryData(licenceStorageQueryKey, data),
  });
}
