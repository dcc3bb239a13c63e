import { useQuery } from '@tanstack/react-query';
import type { outboundWebhookListSchema } from '@wac/contract/outbound-webhooks';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { outboundWebhookKeys } from './outbound-webhook-query-keys';

export type OutboundWebhookList = z.infer<typeof outboundWebhookListSchema>;

export const OUTBOUND_WEBHOOKS_PATH = '/api/outbound-webhooks';

// A plan without API access says so in the section itself: the settings page is not where to pop the upgrade dialog.
export const fetchOutboundWebhooks = (signal?: AbortSignal) =>
  requestWithFallback<OutboundWebhookList>(OUTBOUND_WEBHOOKS_PATH, 'Failed to fetch outbound webhooks', {
    signal,
    suppressLicenseModals: true,
  });

/** Refreshed every half minute while shown (and answering), so the failures of the last day stay current; attempts arrive live. */
export function useOutboundWebhooks() {
  return useQuery({
    queryKey: outboundWebhookKeys.list,
    queryFn: ({ signal }) => fetchOutboundWebhooks(signal),
    refetchInterval: (query) => (query.state.error ? false : 30_000),
  });
}

/** The list was refused because the plan lacks the feature (API access). */
export const notInPlan = (error: unknown) => error instanceof ApiError && error.code === 'FEATURE_NOT_AVAILABLE';
