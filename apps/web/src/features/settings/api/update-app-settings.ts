import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppSettings } from '@wac/contract/app-settings';
import { apiRequest } from '../../../lib/api-client';
import { publicSettingsQueryKey } from '../../../lib/app-settings';
import { appSettingsQueryKey } from './get-app-settings';

export function updateAppSettings(settings: Partial<AppSettings>): Promise<{ settings: AppSettings }> {
  return apiRequest<{ settings: AppSettings }>('/api/app/settings', { method: 'PUT', body: { settings } });
}

export function useUpdateAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(appSettingsQueryKey, data);
      // Branding, page titles and date formats across the console follow at once.
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey });
    },
  });
}
