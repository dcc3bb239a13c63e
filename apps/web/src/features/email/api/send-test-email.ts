import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { emailTestResponseSchema } from '@wac/contract/email';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { outboxQueryKey } from './list-outbox';

export type EmailTestResult = z.infer<typeof emailTestResponseSchema>;

export function sendTestEmail(to: string): Promise<EmailTestResult> {
  return apiRequest<EmailTestResult>('/api/email/test', { method: 'POST', body: { to } });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    // Without SMTP the test mail lands in the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
