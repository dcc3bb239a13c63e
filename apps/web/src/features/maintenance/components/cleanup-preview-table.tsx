import type { CleanupPreview, MaintenanceKind } from '@wac/contract/cleanup';
import { formatBytes } from '@wac/contract/format';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { DataTable } from '../../../ui/data-table';
import { itemLabel } from './maintenance-labels';

const dash = '–';

/** What a cleanup of these options would take now, per directory or collection. */
export function CleanupPreviewTable({ kind, preview, stale }: { kind: MaintenanceKind; preview: CleanupPreview; stale: boolean }) {
  const id = useId();
  const storage = kind === 'storage_cleanup';
  return (
    <section className="stack maintenance-block" aria-labelledby={id}>
      <div>
        <h3 id={id}>Preview</h3>
        <p className="muted small">
          What a cleanup would delete now: {storage ? 'files' : 'rows'} older than {formatDateTime(preview.cutoff)}.
          {stale && ' The options have changed since: preview again to see what they take.'}
        </p>
      </div>
      <DataTable
        columns={[storage ? 'Directory' : 'Collection', storage ? 'Files' : 'Rows', storage ? 'Size' : 'Media size', 'Oldest', 'Newest']}
      >
        {preview.items.map((item) => (
          <tr key={item.name}>
            <td>{itemLabel(item.name)}</td>
            <td>{item.count.toLocaleString('en')}</td>
            <td>{formatBytes(item.bytes)}</td>
            <td>{item.oldest ? formatDateTime(item.oldest) : dash}</td>
            <td>{item.newest ? formatDateTime(item.newest) : dash}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
