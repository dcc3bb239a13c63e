import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CampaignStatus } from '@wac/contract/campaign-states';
import type { campaignListResponseSchema } from '@wac/contract/campaigns';
import type { z } from 'zod';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { campaignKeys } from './campaign-query-keys';

export type CampaignList = z.infer<typeof campaignListResponseSchema>;

export interface CampaignsQuery {
  page: number;
  limit: number;
  status: CampaignStatus | '';
  search: string;
}

export const campaignListKey = (query: CampaignsQuery) => [...campaignKeys.lists, query] as const;

export function fetchCampaigns(query: CampaignsQuery, signal?: AbortSignal): Promise<CampaignList> {
  return requestWithFallback<CampaignList>('/api/campaign/campaigns', 'Failed to fetch campaigns', {
    query: { page: query.page, limit: query.limit, status: query.status, search: query.search.trim() },
    signal,
  });
}

export function useCampaigns(query: CampaignsQuery) {
  return useQuery({
    queryKey: campaignListKey(query),
    queryFn: ({ signal }) => fetchCampaigns(query, signal),
    placeholderData: keepPreviousData,
  });
}
