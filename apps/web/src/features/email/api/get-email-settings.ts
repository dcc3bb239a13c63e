import { useQuery } from '@tanstack/react-query';
import type { EmailSettings } from '@wac/contract/email';
import { apiRequest } from '../../../lib/api-client';

export const emailSettingsQueryKey = ['settings', 'email', 'smtp'] as const;

export function fetchEmailSettings(signal?: AbortSignal): Promise<{ settings: EmailSettings }> {
  return apiRequest<{ settings: EmailSettings }>('/api/email/settings', { signal });
}

export function useEmailSettings() {
  return useQuery({ queryKey: emailSettingsQueryKey, queryFn: ({ signal }) => fetchEmailSettings(signal) });
}
