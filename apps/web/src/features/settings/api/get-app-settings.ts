import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@wac/contract/app-settings-defaults';
import { apiRequest } from '../../../lib/api-client';

export const appSettingsQueryKey = ['settings', 'app'] as const;

export function fetchAppSettings(signal?: AbortSignal): Promise<{ settings: AppSettings }> {
  return apiRequest<{ settings: AppSettings }>('/api/app/settings', { signal });
}

export function useAppSettingsForm() {
  return useQuery({ queryKey: appSettingsQueryKey, queryFn: ({ signal }) => fetchAppSettings(signal) });
}
