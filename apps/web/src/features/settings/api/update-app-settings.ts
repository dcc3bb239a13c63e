import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppSettings } from '@wac/contract/app-settings-defaults';
import { apiRequest } from '../../../lib/api-client';
import { emailStatusQueryKey, publicSettingsQueryKey } from '../../../lib/app-settings';
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
      // The default sender name is the app name.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: emailStatusQueryKey }),
      ]);
    },
  });
}
