import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StorageUsage } from '@wac/contract/license';
import { licenseQueryKey } from './get-license-status';
import { licenseRequest } from './license-request';

export const licenseStorageQueryKey = [...licenseQueryKey, 'storage'] as const;

export function fetchLicenseStorage(refresh = false, signal?: AbortSignal): Promise<StorageUsage> {
  return licenseRequest<StorageUsage>('/api/license/storage', { query: { refresh: refresh || undefined }, signal });
}

export function useLicenseStorage() {
  return useQuery({ queryKey: licenseStorageQueryKey, queryFn: ({ signal }) => fetchLicenseStorage(false, signal) });
}

/** Walks DATA_DIR again instead of answering from the server's cache. */
export function useRefreshLicenseStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchLicenseStorage(true),
    onSuccess: (data) => queryClient.setQueryData(licenseStorageQueryKey, data),
  });
}
