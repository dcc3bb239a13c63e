import { useQuery } from '@tanstack/react-query';
import type { LicenseStatusResponse } from '@wac/contract/license';
import { licenseRequest } from './license-request';

/** Every licence query lives under this key, so a change refreshes them all. */
export const licenseQueryKey = ['licence'] as const;
export const licenseStatusQueryKey = [...licenseQueryKey, 'status'] as const;

export function fetchLicenseStatus(signal?: AbortSignal): Promise<LicenseStatusResponse> {
  return licenseRequest<LicenseStatusResponse>('/api/license/status', { signal });
}

export function useLicenseStatus() {
  return useQuery({ queryKey: licenseStatusQueryKey, queryFn: ({ signal }) => fetchLicenseStatus(signal) });
}
