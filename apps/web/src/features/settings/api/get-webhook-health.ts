import { useQuery } from '@tanstack/react-query';
import type { WebhookHealth } from '@wac/contract/whatsapp-channel';
import { WEBHOOK_PATH } from '@wac/contract/whatsapp-webhook';
import { apiRequest } from '../../../lib/api-client';

export const WEBHOOK_HEALTH_REFRESH_MS = 10_000;

export function useWebhookHealth() {
  return useQuery({
    queryKey: ['settings', 'webhook-health'],
    queryFn: ({ signal }) => apiRequest<WebhookHealth>(`${WEBHOOK_PATH}/health`, { signal }),
    refetchInterval: WEBHOOK_HEALTH_REFRESH_MS,
  });
}
