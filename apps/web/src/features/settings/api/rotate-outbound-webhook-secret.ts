import { useMutation } from '@tanstack/react-query';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { OUTBOUND_WEBHOOKS_PATH } from './list-outbound-webhooks';
import type { OutboundWebhookCreated } from './save-outbound-webhook';

/** A new signing secret, answered once like the first; the old one stops signing at once. */
export function useRotateOutboundWebhookSecret() {
  return useMutation({
    mutationFn: (id: number) =>
      requestWithFallback<OutboundWebhookCreated>(`${OUTBOUND_WEBHOOKS_PATH}/${id}/rotate-secret`, 'Failed to rotate the signing secret', {
        method: 'POST',
      }),
    gcTime: 0,
  });
}
