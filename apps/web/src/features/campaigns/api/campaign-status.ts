import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { campaignStatusResponseSchema } from '@wac/contract/campaigns';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { campaignKeys } from './campaign-query-keys';

export type CampaignStatusAnswer = z.infer<typeof campaignStatusResponseSchema>;

/** While a campaign runs its status is fetched this often, besides the socket's progress events. */
export const RUNNING_POLL_MS = 3000;

export function useCampaignStatus(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: campaignKeys.status(id),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<CampaignStatusAnswer>(campaignKeys.status(id))?.status;
      const answer = await requestWithFallback<CampaignStatusAnswer>(
        `/api/campaign/campaigns/${id}/status`,
        'Failed to get campaign status',
        {
          signal,
        },
      );
      // A new status (the dispatch finished or paused it) changes the campaign's dates and its recipients' states too.
      if (before !== undefined && before !== answer.status) {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.one(id) });
        void queryClient.invalidateQueries({ queryKey: campaignKeys.contacts(id) });
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}
