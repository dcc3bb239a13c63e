import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboundDelivery } from '@wac/contract/outbound-webhooks';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { OUTBOUND_WEBHOOKS_PATH } from './list-outbound-webhooks';
import { outboundWebhooksQueryKey } from './outbound-webhook-query-keys';

/** Sends a `test` event at once and answers how the receiver took it; it is logged like any delivery. */
export function useTestOutboundWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestWithFallback<OutboundDelivery>(`${OUTBOUND_WEBHOOKS_PATH}/${id}/test`, 'Failed to send the test event', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboundWebhooksQueryKey }),
  });
}
