import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseDetails, UpdateLicenseBody } from '@wac/contract/license';
import { licenseDetailsQueryKey } from './get-license-details';
import { licenseQueryKey } from './get-license-status';
import { licenseRequest } from './license-request';

type LicenseChange = { message: string; license: LicenseDetails };

export function updateLicense(body: UpdateLicenseBody): Promise<LicenseChange> {
  return licenseRequest<LicenseChange>('/api/license/update', { method: 'POST', body });
}

export function revokeLicense(): Promise<LicenseChange> {
  return licenseRequest<LicenseChange>('/api/license/revoke', { method: 'DELETE' });
}

export function reloadLicenseFromEnv(): Promise<LicenseChange> {
  return licenseRequest<LicenseChange>('/api/license/reload-env', { method: 'POST' });
}

/** Applying, revoking or reloading a licence: plan, quotas and features on screen follow at once. */
function useLicenseChange<A>(change: (arg: A) => Promise<LicenseChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (data) => {
      queryClient.setQueryData(licenseDetailsQueryKey, { license: data.license });
      return queryClient.invalidateQueries({ queryKey: licenseQueryKey });
    },
  });
}

export const useUpdateLicense = () => useLicenseChange(updateLicense);
export const useRevokeLicense = () => useLicenseChange(revokeLicense);
export const useReloadLicenseFromEnv = () => useLicenseChange(reloadLicenseFromEnv);
