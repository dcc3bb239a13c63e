import { useQuery } from '@tanstack/react-query';
import type { LicenceDetails } from '@wac/contract/licence';
import { licenceQueryKey } from './get-licence-status';
import { licenceRequest } from './licence-request';

export const licenceDetailsQueryKey = [...licenceQueryKey, 'details'] as const;

export function fetchLicenceDetails(signal?: AbortSignal): Promise<{ license: LicenceDetails }> {
  return licenceRequest<{ license: LicenceDetails }>('/api/license/details', { signal });
}

export function useLicenceDetails() {
  return useQuery({ queryKey: licenceDetailsQueryKey, queryFn: ({ signal }) => fetchLicenceDetails(signal) });
}
