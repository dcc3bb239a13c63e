import { useQuery } from '@tanstack/react-query';
import type { ChannelStatus } from '@wac/contract/whatsapp-channel';
import { apiRequest } from './api-client';

export const channelStatusQueryKey = ['whatsapp', 'status'] as const;

/** Sandbox or live: fixed for the life of the server, so fetched once per session. */
export function useChannelStatus() {
  return useQuery({
    queryKey: channelStatusQueryKey,
    queryFn: ({ signal }) => apiRequest<ChannelStatus>('/api/whatsapp/status', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
