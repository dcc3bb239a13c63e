import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenceDetails, UpdateLicenceBody } from '@wac/contract/licence';
import { licenceDetailsQueryKey } from './get-licence-details';
import { licenceQueryKey } from './get-licence-status';
import { licenceRequest } from './licence-request';

type LicenceChange = { message: string; license: LicenceDetails };

export function updateLicence(body: UpdateLicenceBody): Promise<LicenceChange> {
  return licenceRequest<LicenceChange>('/api/license/update', { method: 'POST', body });
}

export function revokeLicence(): Promise<LicenceChange> {
  return licenceRequest<LicenceChange>('/api/license/revoke', { method: 'DELETE' });
}

export function reloadLicenceFromEnv(): Promise<LicenceChange> {
  return licenceRequest<LicenceChange>('/api/license/reload-env', { method: 'POST' });
}

/** Applying, revoking or reloading a licence: plan, quotas and features on screen follow at once. */
function useLicenceChange<A>(change: (arg: A) => Promise<LicenceChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (data) => {
      queryClient.setQueryData(licenceDetailsQueryKey, { license: data.license });
      return queryClient.invalidateQueries({ queryKey: licenceQueryKey });
    },
  });
}

export const useUpdateLicence = () => useLicenceChange(updateLicence);
export const useRevokeLicence = () => useLicenceChange(revokeLicence);
export const useReloadLicenceFromEnv = () => useLicenceChange(reloadLicenceFromEnv);
