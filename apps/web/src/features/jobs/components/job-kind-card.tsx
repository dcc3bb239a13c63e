import type { JobFailure, JobKindSummary } from '@wac/contract/jobs';
import { useId } from 'react';
import { Button } from '../../../ui/button';
import { DashWithReason } from './dash-with-reason';
import { JobFailuresTable } from './job-failures-table';
import { howItRuns, RUNNING_NOT_MEASURED } from './job-labels';
import { JobTime } from './job-time';

interface JobKindCardProps {
  kind: JobKindSummary;
  /** When the overview was fetched: relative times are as of then. */
  now: Date;
  runPending: boolean;
  onRun: () => void;
  retrying: string | null;
  onRetry: (failure: JobFailure) => void;
}

function NextRun({ kind, now }: { kind: JobKindSummary; now: Date }) {
  if (kind.mechanism === 'claim') return <DashWithReason reason="No schedule: it runs when work arrives" />;
  if (kind.nextRunAt === null) return <span className="muted">Not scheduled</span>;
  return <JobTime at={kind.nextRunAt} now={now} />;
}

/** One kind of background work: how it runs, its queue, a run-now button for a scheduled kind, and its failures. */
export function JobKindCard({ kind, now, runPending, onRun, retrying, onRetry }: JobKindCardProps) {
  const headingId = useId();
  return (
    <section className="card job-kind" aria-labelledby={headingId}>
      <div className="card-header">
        <div>
          <h2 id={headingId}>{kind.title}</h2>
          <span className="muted small mono">{kind.name}</span>
        </div>
        {kind.mechanism === 'scheduled' && (
          <Button variant="secondary" loading={runPending} aria-label={`Run now: ${kind.title}`} onClick={onRun}>
            Run now
          </Button>
        )}
      </div>
      <dl className="job-stats">
        <div>
          <dt>How it runs</dt>
          <dd>{howItRuns(kind)}</dd>
        </div>
        <div>
          <dt>Queued</dt>
          <dd>{kind.queued.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Running</dt>
          <dd>{kind.running === null ? <DashWithReason reason={RUNNING_NOT_MEASURED} /> : kind.running.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd className={kind.failed > 0 ? 'text-danger' : undefined}>{kind.failed.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd>
            <NextRun kind={kind} now={now} />
          </dd>
        </div>
      </dl>
      <h3 className="job-failures-title">Failures</h3>
      <JobFailuresTable kind={kind} now={now} retrying={retrying} onRetry={onRetry} />
    </section>
  );
}
