import type { JobsOverview } from '@wac/contract/jobs';
import { apiRequest } from '../../../lib/api-client';
import { useJobsChange } from './get-jobs-overview';

/** A scheduled kind runs now, once, on whichever server takes it; the answer is the new overview. */
export function runJobNow(kind: string): Promise<JobsOverview> {
  return apiRequest<JobsOverview>(`/api/jobs/${encodeURIComponent(kind)}/run`, { method: 'POST' });
}

export function useRunJobNow() {
  return useJobsChange(runJobNow);
}
