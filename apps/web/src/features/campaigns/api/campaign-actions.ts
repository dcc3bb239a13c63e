import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@wac/contract/campaigns';
import { ApiError } from '../../../lib/api-client';
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
  'cancel-schedule': { label: 'Cancel schedule', done: 'Schedule cancelled', failure: 'Failed to cancel scheduled campaign' },
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

/**
 * How many recipients a refused start named as unsendable (a placeholder without a value, a number WhatsApp refuses):
 * the start may be asked again, skipping them. 0 for any other refusal.
 */
export function unsendableRecipients(error: unknown): number {
  if (!(error instanceof ApiError) || error.status !== 400) return 0;
  const details = (error.body as { details?: { problemCount?: unknown } } | null)?.details;
  return typeof details?.problemCount === 'number' ? details.problemCount : 0;
}

export const skipLabel = (count: number) =>
  `Start, skipping ${count === 1 ? 'that recipient' : `those ${count.toLocaleString('en')} recipients`}`;
