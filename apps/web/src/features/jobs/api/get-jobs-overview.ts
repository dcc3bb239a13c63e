import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobsOverview } from '@wac/contract/jobs';
import { apiRequest } from '../../../lib/api-client';

/** Often enough that an admin watching a queue sees it move. */
export const JOBS_REFRESH_MS = 5_000;

export const jobsQueryKey = ['jobs'] as const;

export function fetchJobsOverview(signal?: AbortSignal): Promise<JobsOverview> {
  return apiRequest<JobsOverview>('/api/jobs', { signal });
}

export function useJobsOverview() {
  return useQuery({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => fetchJobsOverview(signal),
    refetchInterval: JOBS_REFRESH_MS,
  });
}

/** A change on the jobs page: its answer is the new overview; a refusal (a retry someone made first, a kind gone) means the page is out of date. */
export function useJobsChange<Input>(change: (input: Input) => Promise<JobsOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (overview) => queryClient.setQueryData(jobsQueryKey, overview),
    onError: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
