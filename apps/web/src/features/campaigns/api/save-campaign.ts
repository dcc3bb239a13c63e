import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CreateCampaignBody, UpdateCampaignBody } from '@wac/contract/campaigns';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { campaignKeys, campaignsQueryKey } from './campaign-query-keys';

type SaveInput = { id?: undefined; body: CreateCampaignBody } | { id: string; body: UpdateCampaignBody };

/** Creates a draft (POST) or edits one (PUT); either way the campaign as saved. */
export function saveCampaign(input: SaveInput): Promise<Campaign> {
  const request =
    input.id === undefined
      ? requestWithFallback<{ campaign: Campaign }>('/api/campaign/campaigns', 'Failed to create campaign', {
          method: 'POST',
          body: input.body,
        })
      : requestWithFallback<{ campaign: Campaign }>(`/api/campaign/campaigns/${input.id}`, 'Failed to update campaign', {
          method: 'PUT',
          body: input.body,
        });
  return request.then((r) => r.campaign);
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.one(campaign._id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    },
  });
}
