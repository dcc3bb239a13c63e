import { useQuery } from '@tanstack/react-query';
import type { emailStatusSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { emailStatusQueryKey } from '../../../lib/app-settings';

export type EmailStatus = z.infer<typeof emailStatusSchema>;

export function fetchEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  return apiRequest<EmailStatus>('/api/email/status', { signal });
}

export function useEmailStatus() {
  return useQuery({ queryKey: emailStatusQueryKey, queryFn: ({ signal }) => fetchEmailStatus(signal) });
}
