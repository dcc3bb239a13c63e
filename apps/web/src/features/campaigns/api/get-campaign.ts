import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '@wac/contract/campaigns';
import { campaignKeys } from './campaign-query-keys';
import { campaignRequest } from './campaign-request';

export function fetchCampaign(id: string, signal?: AbortSignal): Promise<Campaign> {
  return campaignRequest<{ campaign: Campaign }>(`/api/campaign/campaigns/${id}`, 'Failed to fetch campaign', { signal }).then(
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
