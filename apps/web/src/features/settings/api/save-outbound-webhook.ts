import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OutboundWebhook,
  OutboundWebhookCreate,
  OutboundWebhookUpdate,
  outboundWebhookCreatedSchema,
} from '@wac/contract/outbound-webhooks';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { OUTBOUND_WEBHOOKS_PATH } from './list-outbound-webhooks';
import { outboundWebhookKeys } from './outbound-webhook-query-keys';

export type OutboundWebhookCreated = z.infer<typeof outboundWebhookCreatedSchema>;

/** POST answers the signing secret once: the form shows it, the cache never holds it, the mutation forgets it on close. */
export function useCreateOutboundWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutboundWebhookCreate) =>
      requestWithFallback<OutboundWebhookCreated>(OUTBOUND_WEBHOOKS_PATH, 'Failed to add outbound webhook', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundWebhookKeys.list }),
    gcTime: 0,
  });
}

export function useUpdateOutboundWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OutboundWebhookUpdate }) =>
      requestWithFallback<OutboundWebhook>(`${OUTBOUND_WEBHOOKS_PATH}/${id}`, 'Failed to save outbound webhook', {
        method: 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundWebhookKeys.list }),
  });
}
