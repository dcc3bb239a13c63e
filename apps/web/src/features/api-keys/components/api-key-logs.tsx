import { type ApiKeyLogEntry, REFUSALS_LOGGED_EACH } from '@wac/contract/api-keys';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useAppSettings } from '../../../lib/app-settings';
import { chatPath } from '../../../lib/chat-path';
import { rangeError } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { DateRangeFields } from '../../../ui/date-range-fields';
import { EmptyList } from '../../../ui/empty-list';
import { FormAlert } from '../../../ui/form-alert';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { TableHead } from '../../../ui/table-head';
import { useApiKeyLogs } from '../api/api-key-logs';
import { isFiltered, keyPaths, type LogFilters, logsQuery, noLogFilters, statusFilterOptions } from './log-filters';

const statusClass = (status: number) => (status < 300 ? 'badge-success' : status < 500 ? 'badge-warning' : 'badge-danger');

/** The message a call stored, linked to its conversation in /chat when it is still there. */
function MessageCell({ log }: { log: ApiKeyLogEntry }) {
  if (log.messageId === null) return '—';
  const label = `#${log.messageId}`;
  return log.phone ? (
    <Link to={chatPath(log.phone)} aria-label={`Message ${label} in its conversation`}>
      {label}
    </Link>
  ) : (
    label
  );
}

function LogRow({ log }: { log: ApiKeyLogEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={log.at}>{formatDateTime(log.at)}</time>
      </td>
      <td className="mono">{log.method}</td>
      <td className="mono">{log.path}</td>
      <td>
        <span className={`badge ${statusClass(log.status)}`}>{log.status}</span>
        {log.replayed && (
          <span
            className="badge badge-info api-key-log-note"
            title="Answered again from the first call with its Idempotency-Key: nothing was sent"
          >
            Replayed
          </span>
        )}
        {log.calls > 1 && (
          <span
            className="muted small api-key-log-note"
            title={`Refused calls past the first ${REFUSALS_LOGGED_EACH} of a minute, one row for all`}
          >
            × {log.calls.toLocaleString()} calls
          </span>
        )}
      </td>
      <td>{Math.round(log.latencyMs).toLocaleString()} ms</td>
      <td className="mono">{log.ip ?? '—'}</td>
      <td className="mono">{log.errorCode ?? '—'}</td>
      <td>
        <MessageCell log={log} />
      </td>
    </tr>
  );
}

/** Every call made with the key, newest first, with filters by status, path and days; written in batches, so Refresh fetches the latest. */
export function ApiKeyLogs({ keyId }: { keyId: number }) {
  const id = useId();
  const zone = useAppSettings()['app.timezone'];
  const [filters, setFilters] = useState<LogFilters>(noLogFilters);
  const [page, setPage] = useState(1);
  const path = useDebouncedValue(filters.path, 300);
  const invalidRange = rangeError(filters.startDate, filters.endDate);
  const logs = useApiKeyLogs(keyId, logsQuery({ ...filters, path }, page, zone), invalidRange === null);
  const change = (patch: Partial<LogFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const list = logs.data?.logs ?? [];
  const pagination = logs.data?.pagination;
  // A page left empty (older calls removed by the cleanup) moves back to the last page that exists.
  if (pagination && pagination.total > 0 && page > pagination.totalPages) setPage(pagination.totalPages);

  return (
    <section className="card api-key-logs" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 id={`${id}-title`}>Calls</h2>
        <Button variant="ghost" className="btn-small" onClick={() => logs.refetch()} disabled={invalidRange !== null}>
          Refresh
        </Button>
      </div>
      <div className="toolbar api-key-logs-toolbar">
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} className="input" value={filters.status} onChange={(e) => change({ status: e.target.value })}>
            <option value="">All statuses</option>
            {statusFilterOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-path`}>Path</label>
          <input
            id={`${id}-path`}
            className="input mono"
            list={`${id}-paths`}
            placeholder="/api/send-text"
            value={filters.path}
            onChange={(e) => change({ path: e.target.value })}
          />
          <datalist id={`${id}-paths`}>
            {keyPaths.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </div>
        <DateRangeFields range={{ startDate: filters.startDate, endDate: filters.endDate }} onChange={(patch) => change(patch)} />
        {logs.isFetching && !logs.isPending && <Spinner size="small" label="Refreshing" />}
      </div>
      <FormAlert inline message={invalidRange} />
      {logs.isPending || logs.isError ? (
        <QueryStatus query={logs} loadingLabel="Loading calls" />
      ) : list.length === 0 ? (
        <EmptyList filtered={isFiltered(filters)} what="calls" onClearFilters={() => change(noLogFilters)}>
          <p>No calls with this key yet. Calls show here a moment after they are made.</p>
        </EmptyList>
      ) : (
        <div className="table-wrap">
          <table className="table api-key-logs-table">
            <caption className="visually-hidden">Calls made with the key, newest first</caption>
            <TableHead columns={['Time', 'Method', 'Path', 'Status', 'Latency', 'IP address', 'Error code', 'Message']} />
            <tbody>
              {list.map((log) => (
                <LogRow key={log.id} log={log} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && (
        <Pager label="Call log pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
      )}
    </section>
  );
}
