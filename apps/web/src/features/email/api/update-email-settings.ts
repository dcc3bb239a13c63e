import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, emailSettingsUpdateSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { emailStatusQueryKey } from '../../../lib/app-settings';
import { emailSettingsQueryKey } from './get-email-settings';

export type EmailSettingsUpdate = z.input<typeof emailSettingsUpdateSchema>;

export function updateEmailSettings(settings: EmailSettingsUpdate): Promise<{ settings: EmailSettings }> {
  return apiRequest<{ settings: EmailSettings }>('/api/email/settings', { method: 'PUT', body: { settings } });
}

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(emailSettingsQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: emailStatusQueryKey });
    },
  });
}
