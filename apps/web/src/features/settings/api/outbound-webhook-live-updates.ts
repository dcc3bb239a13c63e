import { useQueryClient } from '@tanstack/react-query';
import { type OutboundDeliveryEvent, outboundWebhookEventNames } from '@wac/contract/outbound-webhooks';
import { useSocketEvent } from '../../../lib/socket';
import type { OutboundWebhookList } from './list-outbound-webhooks';
import { outboundWebhookKeys } from './outbound-webhook-query-keys';

/** The attempt becomes its subscription's last delivery, unless the list already shows a later one. */
export function withDelivery(list: OutboundWebhookList, event: OutboundDeliveryEvent): OutboundWebhookList {
  let changed = false;
  const webhooks = list.webhooks.map((webhook) => {
    const shown = webhook.lastDelivery;
    if (webhook.id !== event.webhookId || (shown && Date.parse(shown.at) > Date.parse(event.lastDelivery.at))) return webhook;
    changed = true;
    return { ...webhook, lastDelivery: event.lastDelivery };
  });
  return changed ? { ...list, webhooks } : list;
}

/** Each attempt shows at once as its subscription's last delivery; a delivery given up is counted by the server again. */
export function useOutboundWebhookLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent(outboundWebhookEventNames.delivery, (event) => {
    queryClient.setQueryData<OutboundWebhookList>(outboundWebhookKeys.list, (list) => list && withDelivery(list, event));
    if (event.gaveUp) void queryClient.invalidateQueries({ queryKey: outboundWebhookKeys.list });
  });
}
