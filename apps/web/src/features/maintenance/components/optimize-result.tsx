import { formatBytes } from '@wac/contract/format';
import type { OptimizeOperation, OptimizeResult } from '@wac/contract/maintenance';
import { useId } from 'react';
import { formatDuration } from '../../../lib/format-duration';
import { DataTable } from '../../../ui/data-table';
import { collectionLabels } from './maintenance-labels';
import { type OptimizeRow, optimizeRows } from './optimize-rows';

/** "12 ms", "2.1 s", "3 min 5 s": steps take milliseconds on a small install and minutes on a big one. */
export function formatMs(ms: number): string {
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  return formatDuration(ms / 1000);
}

/** "Optimized 3 collections in 2.1 s", with its failed steps when there were any. */
export function optimizeSummary(result: Pick<OptimizeResult, 'collections' | 'durationMs' | 'failedSteps'>): string {
  const count = result.collections.length;
  const done = `Optimized ${count} ${count === 1 ? 'collection' : 'collections'} in ${formatMs(result.durationMs)}`;
  return result.failedSteps > 0 ? `${done}; ${result.failedSteps} ${result.failedSteps === 1 ? 'step' : 'steps'} failed` : done;
}

const columns = ['Rebuild indexes', 'Refresh statistics', 'Indexes before', 'Indexes after', 'Total before', 'Total after', 'Outcome'];
const dash = '–';

function RowCells({ row, operations }: { row: OptimizeRow; operations: readonly OptimizeOperation[] }) {
  const time = (operation: OptimizeOperation) => {
    const ms = row.times[operation];
    return operations.includes(operation) && ms !== undefined ? formatMs(ms) : dash;
  };
  const bytes = (figures: OptimizeRow['before'], key: 'indexBytes' | 'totalBytes') => (figures ? formatBytes(figures[key]) : dash);
  return (
    <>
      <td>{time('reIndex')}</td>
      <td>{time('stats')}</td>
      <td>{bytes(row.before, 'indexBytes')}</td>
      <td>{bytes(row.after, 'indexBytes')}</td>
      <td>{bytes(row.before, 'totalBytes')}</td>
      <td>{bytes(row.after, 'totalBytes')}</td>
      <td>
        {row.errors.length === 0 ? (
          'Done'
        ) : (
          <span className="text-danger">{row.errors.length === 1 ? row.errors[0] : `${row.errors.length} steps failed`}</span>
        )}
      </td>
    </>
  );
}

/** What an optimize did: each collection's time and sizes before and after, and the same table by table on demand. */
export function OptimizeResultView({ result }: { result: OptimizeResult }) {
  const id = useId();
  const rows = optimizeRows(result);
  return (
    <section className="stack maintenance-block" aria-labelledby={id}>
      <h3 id={id}>Result</h3>
      <p className={`status-banner ${result.failedSteps > 0 ? 'status-banner-warning' : 'status-banner-success'}`} role="status">
        {optimizeSummary(result)}.
      </p>
      <DataTable columns={['Collection', ...columns]}>
        {rows.map((row) => (
          <tr key={row.collection}>
            <td>{collectionLabels[row.collection] ?? row.collection}</td>
            <RowCells row={row} operations={result.operations} />
          </tr>
        ))}
      </DataTable>
      <details>
        <summary>Table by table ({rows.reduce((sum, row) => sum + row.tables.length, 0)} tables)</summary>
        <DataTable columns={['Table', ...columns]}>
          {rows.flatMap((row) =>
            row.tables.map((table) => (
              <tr key={table.name}>
                <td className="mono">{table.name}</td>
                <RowCells row={table} operations={result.operations} />
              </tr>
            )),
          )}
        </DataTable>
      </details>
    </section>
  );
}
