import { formatBytes } from '@wac/contract/format';
import { formatDateTime } from '../../../lib/format-date';
import { Button } from '../../../ui/button';
import { QueryStatus } from '../../../ui/query-status';
import { QuotaBar } from '../../../ui/quota-bar';
import { useToast } from '../../../ui/toasts';
import { useClearStorageCache } from '../api/clear-storage-cache';
import { useLicenseStorage, useRefreshLicenseStorage } from '../api/get-license-storage';
import { formatQuotaUsage } from './license-format';

/** Bytes under DATA_DIR by directory, as the server last measured them. */
export function LicenseStorage() {
  const storage = useLicenseStorage();
  const refresh = useRefreshLicenseStorage();
  const clear = useClearStorageCache();
  const toast = useToast();
  if (storage.isPending || storage.isError) return <QueryStatus query={storage} loadingLabel="Measuring storage" />;
  const usage = storage.data;

  return (
    <div className="stack">
      <div className="licence-quota">
        <div className="licence-quota-head">
          <strong>Counted toward the storage quota</strong>
          <span>{formatQuotaUsage('storage', usage.quota, 'MB')}</span>
        </div>
        <QuotaBar record={usage.quota} label="Storage used" />
      </div>
      <div className="table-wrap">
        <table className="table" aria-label="Storage by directory">
          <thead>
            <tr>
              <th>Directory</th>
              <th>Size</th>
              <th>Files</th>
              <th>Counted</th>
            </tr>
          </thead>
          <tbody>
            {usage.directories.length === 0 && (
              <tr>
                <td colSpan={4} className="muted">
                  Nothing stored yet.
                </td>
              </tr>
            )}
            {usage.directories.map((d) => (
              <tr key={d.name}>
                <td className="mono">{d.name}</td>
                <td>{formatBytes(d.bytes)}</td>
                <td>{d.files}</td>
                <td>{d.countsTowardQuota ? 'Yes' : <span className="muted">No</span>}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>
                <strong>Total</strong>
              </td>
              <td>
                <strong>{formatBytes(usage.totalBytes)}</strong>
              </td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="row between">
        <span className="muted small">
          Measured {formatDateTime(usage.computedAt)}
          {usage.fromCache ? ' (cached)' : ''}
        </span>
        <div className="row">
          <Button
            variant="ghost"
            loading={clear.isPending}
            onClick={() => clear.mutate(undefined, { onSuccess: () => toast.show({ type: 'success', title: 'Storage cache cleared' }) })}
          >
            Clear cache
          </Button>
          <Button variant="secondary" loading={refresh.isPending} onClick={() => refresh.mutate()}>
            Refresh
          </Button>
        </div>
      </div>
    </div>
  );
}
