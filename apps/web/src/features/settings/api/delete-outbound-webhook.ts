import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { OUTBOUND_WEBHOOKS_PATH } from './list-outbound-webhooks';
import { outboundWebhooksQueryKey } from './outbound-webhook-query-keys';

export function useDeleteOutboundWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestWithFallback<unknown>(`${OUTBOUND_WEBHOOKS_PATH}/${id}`, 'Failed to delete outbound webhook', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundWebhooksQueryKey }),
  });
}
