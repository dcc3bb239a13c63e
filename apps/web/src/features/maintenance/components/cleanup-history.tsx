import type { MaintenanceRun } from '@wac/contract/cleanup';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { DataTable } from '../../../ui/data-table';
import { runOptionsText, runSummary } from './cleanup-progress';
import { RunStatusBadge } from './run-status-badge';

/** Past runs, newest first: when, who, how, how it ended and what it did. */
export function CleanupHistory({ runs }: { runs: MaintenanceRun[] }) {
  const id = useId();
  return (
    <section className="stack maintenance-block" aria-labelledby={id}>
      <h3 id={id}>History</h3>
      {runs.length === 0 ? (
        <p className="muted">No runs yet.</p>
      ) : (
        <DataTable className="cleanup-history" columns={['Started', 'By', 'Run', 'Status', 'What it did']}>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{formatDateTime(run.startedAt)}</td>
              {/* The daily retention policy starts runs of its own, by nobody. */}
              <td>{run.startedBy?.name ?? 'Retention policy'}</td>
              <td>
                {run.dryRun ? 'Dry run' : 'Cleanup'}
                <div className="small muted">{runOptionsText(run)}</div>
              </td>
              <td>
                <RunStatusBadge status={run.status} />
                {run.error && <div className="small text-danger">{run.error}</div>}
              </td>
              <td>{runSummary(run)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
