import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignCounts, CampaignPreflight } from '@wac/contract/campaigns';
import { requestWithFallback } from '../../../lib/request-with-fallback';
import { campaignKeys, campaignsQueryKey } from './campaign-query-keys';
import type { CampaignStatusAnswer } from './campaign-status';

/** The actions answered with the campaign's status (spec 4: the status is refetched after each). */
export type StatusAction = 'start' | 'pause' | 'resume' | 'cancel' | 'cancel-schedule' | 'retry-failed';

export const statusActionText: Record<StatusAction, { label: string; done: string; failure: string }> = {
  start: { label: 'Start', done: 'Campaign started', failure: 'Failed to start campaign' },
  pause: { label: 'Pause', done: 'Campaign paused', failure: 'Failed to pause campaign' },
  resume: { label: 'Resume', done: 'Campaign resumed', failure: 'Failed to resume campaign' },
  cancel: { label: 'Cancel campaign', done: 'Campaign cancelled', failure: 'Failed to cancel campaign' },
  'cancel-schedule': { label: 'Unschedule', done: 'Campaign unscheduled', failure: 'Failed to cancel scheduled campaign' },
  'retry-failed': { label: 'Retry failed', done: 'Failed recipients are being sent again', failure: 'Failed to retry failed recipients' },
};

/** Start answers what to know besides (a messaging-limit tier below the recipients...). */
export type ActionAnswer = CampaignStatusAnswer & { warnings?: string[] };

const base = (id: string) => `/api/campaign/campaigns/${id}`;

function useAfterStatusChange() {
  const queryClient = useQueryClient();
  return (id: string, status: CampaignStatusAnswer) => {
    queryClient.setQueryData(campaignKeys.status(id), status);
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
  };
}

export function useCampaignAction() {
  const after = useAfterStatusChange();
  return useMutation({
    mutationFn: ({ id, action, skipInvalid }: { id: string; action: StatusAction; skipInvalid?: boolean }) =>
      requestWithFallback<ActionAnswer>(`${base(id)}/${action}`, statusActionText[action].failure, {
        method: 'POST',
        body: action === 'start' ? (skipInvalid ? { skipInvalid } : {}) : undefined,
      }),
    onSuccess: (status, { id }) => after(id, status),
  });
}

export function useScheduleCampaign() {
  const after = useAfterStatusChange();
  return useMutation({
    mutationFn: ({ id, scheduleTime }: { id: string; scheduleTime: string }) =>
      requestWithFallback<CampaignStatusAnswer>(`${base(id)}/schedule`, 'Failed to schedule campaign', {
        method: 'POST',
        body: { scheduleTime },
      }),
    onSuccess: (status, { id }) => after(id, status),
  });
}

export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestWithFallback<{ campaign: Campaign }>(`${base(id)}/duplicate`, 'Failed to duplicate campaign', { method: 'POST' }).then(
        (r) => r.campaign,
      ),
    onSuccess: (copy) => {
      queryClient.setQueryData(campaignKeys.one(copy._id), copy);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists });
    },
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestWithFallback<{ success: true }>(base(id), 'Failed to delete campaign', { method: 'DELETE' }),
    // The deleted campaign's own queries are left alone: its page is being left, and refetching them would answer 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.lists }),
  });
}

export const skipLabel = (count: number) =>
  `Start, skipping ${count === 1 ? 'that recipient' : `those ${count.toLocaleString('en')} recipients`}`;

/** Something failed (or its outcome is unknown) that a retry could send again. */
export const hasFailures = (counts: Pick<CampaignCounts, 'failed' | 'unknown'>) => counts.failed + counts.unknown > 0;

/** The dry run of a start, asked afresh each time the confirmation opens: who would receive what, from which number. */
export function useCampaignPreflight(id: string, enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.preflight(id),
    queryFn: ({ signal }) =>
      requestWithFallback<CampaignPreflight>(`${base(id)}/preflight`, 'Failed to check the campaign before starting', {
        method: 'POST',
        signal,
      }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
