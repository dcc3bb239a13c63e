import type { JobFailure, JobKindSummary } from '@wac/contract/jobs';
import { Button } from '../../../ui/button';
import { TableHead } from '../../../ui/table-head';
import { JobError } from './job-error';
import { failureName } from './job-labels';
import { JobTime } from './job-time';

interface JobFailuresTableProps {
  kind: JobKindSummary;
  now: Date;
  /** The id of the failure whose retry is under way. */
  retrying: string | null;
  onRetry: (failure: JobFailure) => void;
}

/** A kind's jobs given up on, newest first, each with its retry button; says so when there are none. */
export function JobFailuresTable({ kind, now, retrying, onRetry }: JobFailuresTableProps) {
  if (kind.failures.length === 0) return <p className="muted job-no-failures">No failures.</p>;
  return (
    <>
      {kind.failed > kind.failures.length && (
        <p className="muted small">
          The newest {kind.failures.length} of {kind.failed.toLocaleString()} failures.
        </p>
      )}
      <div className="table-wrap">
        <table className="table job-failures" aria-label={`Failures of ${kind.title}`}>
          <TableHead columns={['Job', 'Error', 'When', 'Attempts']} actions />
          <tbody>
            {kind.failures.map((failure) => (
              <tr key={failure.id}>
                <td className="mono">{failure.id}</td>
                <td className="job-error-cell">
                  <JobError error={failure.error} />
                </td>
                <td className="job-when">
                  <JobTime at={failure.failedAt} now={now} />
                </td>
                <td>{failure.attempts}</td>
                <td className="job-actions">
                  <Button
                    variant="secondary"
                    loading={retrying === failure.id}
                    aria-label={`Retry ${failureName(kind, failure)}`}
                    onClick={() => onRetry(failure)}
                  >
                    Retry
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
