import type { JobFailure, JobKindSummary } from '@wac/contract/jobs';
import { errorMessage } from '../../../lib/api-client';
import { QueryStatus } from '../../../ui/query-status';
import { useToast } from '../../../ui/toasts';
import { JOBS_REFRESH_MS, useJobsOverview } from '../api/get-jobs-overview';
import { useRetryJobFailure } from '../api/retry-job-failure';
import { useRunJobNow } from '../api/run-job-now';
import { JobKindCard } from '../components/job-kind-card';
import { jobsSummary } from '../components/job-labels';
import './jobs-page.css';

export function JobsPage() {
  const jobs = useJobsOverview();
  const run = useRunJobNow();
  const retry = useRetryJobFailure();
  const toast = useToast();

  async function runNow(kind: JobKindSummary) {
    try {
      await run.mutateAsync(kind.name);
      toast.show({ type: 'success', title: 'Queued to run now', help: kind.title });
    } catch (error) {
      toast.show({ type: 'error', title: errorMessage(error) });
    }
  }

  async function retryFailure(kind: JobKindSummary, failure: JobFailure) {
    try {
      await retry.mutateAsync({ kind: kind.name, id: failure.id });
      toast.show({ type: 'success', title: 'Queued for a retry', help: `Job ${failure.id} of ${kind.title}` });
    } catch (error) {
      toast.show({ type: 'error', title: errorMessage(error) });
    }
  }

  if (jobs.isPending || jobs.isError) {
    return (
      <div className="page jobs-page">
        <div className="card">
          <QueryStatus query={jobs} loadingLabel="Loading background jobs" />
        </div>
      </div>
    );
  }

  const { kinds } = jobs.data;
  // Relative times are as of the last refresh, so they move on with every one.
  const now = new Date(jobs.dataUpdatedAt);
  return (
    <div className="page jobs-page">
      <div className="page-header">
        <p className="muted">
          {jobsSummary(kinds)} Refreshes every {JOBS_REFRESH_MS / 1000} seconds.
        </p>
      </div>
      {kinds.length === 0 ? (
        <div className="card empty-state">
          <p>No background work is registered on this server.</p>
        </div>
      ) : (
        kinds.map((kind) => (
          <JobKindCard
            key={kind.name}
            kind={kind}
            now={now}
            runPending={run.isPending && run.variables === kind.name}
            onRun={() => runNow(kind)}
            retrying={retry.isPending && retry.variables?.kind === kind.name ? retry.variables.id : null}
            onRetry={(failure) => retryFailure(kind, failure)}
          />
        ))
      )}
    </div>
  );
}
