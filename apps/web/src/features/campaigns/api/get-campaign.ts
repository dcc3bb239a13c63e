import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '@wac/contract/campaigns';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { campaignKeys } from './campaign-query-keys';

export function fetchCampaign(id: string, signal?: AbortSignal): Promise<Campaign> {
  return requestWithFallback<{ campaign: Campaign }>(`/api/campaign/campaigns/${id}`, 'Failed to fetch campaign', { signal }).then(
    (r) => r.campaign,
  );
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchCampaign(id as string, signal),
    enabled: Boolean(id),
  });
}
