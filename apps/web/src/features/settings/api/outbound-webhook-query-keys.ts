/** Every outbound webhook query starts with this key, so one invalidation refreshes the list and the delivery logs. */
export const outboundWebhooksQueryKey = ['settings', 'outbound-webhooks'] as const;

export const outboundWebhookKeys = {
  list: [...outboundWebhooksQueryKey, 'list'] as const,
  deliveries: (id: number, query: { page: number; limit: number; state?: string }) =>
    [...outboundWebhooksQueryKey, 'deliveries', id, query] as const,
};
