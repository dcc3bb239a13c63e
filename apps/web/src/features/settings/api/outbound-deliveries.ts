import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryState, OutboundDelivery, outboundDeliveryListSchema } from '@wac/contract/outbound-webhooks';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { OUTBOUND_WEBHOOKS_PATH } from './list-outbound-webhooks';
import { outboundWebhookKeys, outboundWebhooksQueryKey } from './outbound-webhook-query-keys';

export type OutboundDeliveryList = z.infer<typeof outboundDeliveryListSchema>;

export interface DeliveriesQuery {
  page: number;
  limit: number;
  state?: DeliveryState;
}

export function useOutboundDeliveries(webhookId: number, query: DeliveriesQuery) {
  return useQuery({
    queryKey: outboundWebhookKeys.deliveries(webhookId, query),
    queryFn: ({ signal }) =>
      requestWithFallback<OutboundDeliveryList>(`${OUTBOUND_WEBHOOKS_PATH}/${webhookId}/deliveries`, 'Failed to fetch deliveries', {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** Queues a failed delivery again, due now; the log and the list show its new state. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
      requestWithFallback<OutboundDelivery>(
        `${OUTBOUND_WEBHOOKS_PATH}/${webhookId}/deliveries/${deliveryId}/retry`,
        'Failed to retry the delivery',
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboundWebhooksQueryKey }),
  });
}
