import { useQueryClient } from '@tanstack/react-query';
import { type Campaign, type CampaignProgressEvent, campaignEventNames } from '@wac/contract/campaigns';
import { useSocketEvent } from '../../../lib/socket';
import { campaignKeys, campaignsQueryKey } from '../api/campaign-query-keys';
import type { CampaignStatusAnswer } from '../api/campaign-status';
import type { CampaignList } from '../api/list-campaigns';
import { withProgress } from './campaign-progress';

/**
 * campaign_progress changes a campaign's counts and status in every list and page at once; a new status also
 * changes what may be done with it, so that is fetched again, and so are the recipients of a campaign no longer running.
 * `onProgress` sees every event (rate and ETA).
 */
export function useCampaignLiveUpdates(onProgress?: (event: CampaignProgressEvent) => void): void {
  const queryClient = useQueryClient();
  useSocketEvent(campaignEventNames.progress, (event) => {
    const before = queryClient.getQueryData<CampaignStatusAnswer>(campaignKeys.status(event.campaignId));
    const listed = queryClient
      .getQueriesData<CampaignList>({ queryKey: campaignKeys.lists })
      .flatMap(([, list]) => list?.campaigns ?? [])
      .find((c) => c._id === event.campaignId);
    queryClient.setQueriesData<CampaignList>(
      { queryKey: campaignKeys.lists },
      (list) => list && { ...list, campaigns: list.campaigns.map((c) => withProgress(c, event)) },
    );
    queryClient.setQueryData<Campaign>(campaignKeys.one(event.campaignId), (c) => c && withProgress(c, event));
    queryClient.setQueryData<CampaignStatusAnswer>(campaignKeys.status(event.campaignId), (s) => s && withProgress(s, event));
    const previous = before?.status ?? listed?.status;
    if (previous !== undefined && previous !== event.status) void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    // Statuses that come while it is paused or after its end move its recipients on too (delivered, then read).
    else if (event.status !== 'running') void queryClient.invalidateQueries({ queryKey: campaignKeys.contacts(event.campaignId) });
    onProgress?.(event);
  });
}
