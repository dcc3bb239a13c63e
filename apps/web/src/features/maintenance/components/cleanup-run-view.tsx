import type { CleanupTally, MaintenanceKind, MaintenanceRun } from '@wac/contract/cleanup';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../ui/button';
import { QuotaBar } from '../../../ui/quota-bar';
import { isUnderWay } from '../api/run-updates';
import { progressText, runProgress, runSummary } from './cleanup-progress';
import { itemLabel } from './maintenance-labels';
import { RunStatusBadge } from './run-status-badge';

interface CleanupRunViewProps {
  kind: MaintenanceKind;
  run: MaintenanceRun;
  /** What the preview before it counted, when this console started it. */
  totals: CleanupTally[] | undefined;
  onStop: () => void;
  stopPending: boolean;
  /** More about the run (its archives). */
  children?: ReactNode;
}

/** The run under way, or the one just ended: a bar per directory or collection, Stop while it runs, then its result. */
export function CleanupRunView({ kind, run, totals, onStop, stopPending, children }: CleanupRunViewProps) {
  const id = useId();
  const underWay = isUnderWay(run);
  const name = run.dryRun ? 'Dry run' : 'Cleanup';
  return (
    <section className="stack maintenance-block cleanup-run" aria-labelledby={id}>
      <div className="row between">
        <h3 id={id}>{underWay ? `${name} under way` : `${name} finished`}</h3>
        <span role="status">
          <RunStatusBadge status={run.status} />
        </span>
      </div>
      {!run.dryRun && (
        <ul className="cleanup-progress">
          {runProgress(run, totals).map((progress) => (
            <li key={progress.name}>
              <span className="cleanup-progress-name">{itemLabel(progress.name)}</span>
              {progress.percent !== null && (
                <QuotaBar
                  record={{ progressPercentage: progress.percent, isWarning: false, isExceeded: false }}
                  label={itemLabel(progress.name)}
                />
              )}
              <span className="small muted">{progressText(kind, progress)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>{runSummary(run)}.</p>
      {run.error && <p className="text-danger">{run.error}</p>}
      {children}
      {underWay && (
        <div>
          <Button variant="secondary" onClick={onStop} loading={stopPending} disabled={run.status === 'stopping'}>
            {run.status === 'stopping' ? 'Stopping after this batch' : 'Stop'}
          </Button>
        </div>
      )}
    </section>
  );
}
