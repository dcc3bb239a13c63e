import { useMutation } from '@tanstack/react-query';
import type { sandboxUserPreferenceBodySchema } from '@wac/contract/whatsapp-sandbox';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type UserPreferenceBody = z.input<typeof sandboxUserPreferenceBodySchema>;

/** The customer stops or resumes the business's marketing messages in WhatsApp's settings: the sandbox posts the webhook. */
export function useSetMarketingPreference() {
  return useMutation({
    mutationFn: (body: UserPreferenceBody) =>
      apiRequest<{ webhookStatus: number }>('/sandbox/control/user-preferences', { method: 'POST', body }),
  });
}
