import { formatBytes } from '@wac/contract/format';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { DataTable, RowActions } from '../../../ui/data-table';
import { QueryStatus } from '../../../ui/query-status';
import { useArchives } from '../api/archives';
import { ArchiveDownloadButton } from './archive-download-button';

/** The rows database cleanups archived before deleting them: gzip JSON lines, one file per collection and run. */
export function ArchivesList() {
  const archives = useArchives();
  const id = useId();
  return (
    <section className="stack maintenance-block" aria-labelledby={id}>
      <h3 id={id}>Archives</h3>
      {archives.isPending || archives.isError ? (
        <QueryStatus query={archives} loadingLabel="Loading archives" />
      ) : archives.data.archives.length === 0 ? (
        <p className="muted">No archives yet. Tick “Archive before delete” to keep the rows a cleanup deletes.</p>
      ) : (
        <DataTable columns={['Archive', 'Size', 'Written']} actions>
          {archives.data.archives.map((archive) => (
            <tr key={archive.name}>
              <td className="mono">{archive.name}</td>
              <td>{formatBytes(archive.bytes)}</td>
              <td>{formatDateTime(archive.createdAt)}</td>
              <RowActions className="cell-actions">
                <ArchiveDownloadButton name={archive.name} />
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
