import { useQuery } from '@tanstack/react-query';
import type { LicenceStatusResponse } from '@wac/contract/licence';
import { licenceRequest } from './licence-request';

/** Every licence query lives under this key, so a change refreshes them all. */
export const licenceQueryKey = ['licence'] as const;
export const licenceStatusQueryKey = [...licenceQueryKey, 'status'] as const;

export function fetchLicenceStatus(signal?: AbortSignal): Promise<LicenceStatusResponse> {
  return licenceRequest<LicenceStatusResponse>('/api/license/status', { signal });
}

export function useLicenceStatus() {
  return useQuery({ queryKey: licenceStatusQueryKey, queryFn: ({ signal }) => fetchLicenceStatus(signal) });
}
