import { useQuery } from '@tanstack/react-query';
import type { LicenseDetails } from '@wac/contract/license';
import { licenseQueryKey } from './get-license-status';
import { licenseRequest } from './license-request';

export const licenseDetailsQueryKey = [...licenseQueryKey, 'details'] as const;

export function fetchLicenseDetails(signal?: AbortSignal): Promise<{ license: LicenseDetails }> {
  return licenseRequest<{ license: LicenseDetails }>('/api/license/details', { signal });
}

export function useLicenseDetails() {
  return useQuery({ queryKey: licenseDetailsQueryKey, queryFn: ({ signal }) => fetchLicenseDetails(signal) });
}
