import type { JobsOverview } from '@wac/contract/jobs';
import { apiRequest } from '../../../lib/api-client';
import { useJobsChange } from './get-jobs-overview';

export interface RetryJobInput {
  kind: string;
  id: string;
}

/** Puts a failed job (or a claimed row that ran out of attempts) back in its queue; the answer is the new overview. */
export function retryJobFailure({ kind, id }: RetryJobInput): Promise<JobsOverview> {
  return apiRequest<JobsOverview>(`/api/jobs/${encodeURIComponent(kind)}/failures/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useRetryJobFailure() {
  return useJobsChange(retryJobFailure);
}
