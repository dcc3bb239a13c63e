import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobsOverview } from '@wac/contract/jobs';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKey } from './get-jobs-overview';

/** A scheduled kind runs now, once, on whichever server takes it; the answer is the new overview. */
export function runJobNow(kind: string): Promise<JobsOverview> {
  return apiRequest<JobsOverview>(`/api/jobs/${encodeURIComponent(kind)}/run`, { method: 'POST' });
}

export function useRunJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJobNow,
    onSuccess: (overview) => queryClient.setQueryData(jobsQueryKey, overview),
    // A refusal (a retry someone else made first, a kind gone) means the page is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
