import type { ApiKey } from '@wac/contract/api-keys';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { ApiKeyPrefix } from './api-key-prefix';
import { ApiKeyScopes } from './api-key-scopes';
import { ApiKeyStatusBadge } from './api-key-status-badge';

interface ApiKeysTableProps {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

/** Every key: name, prefix, scopes, status, when it was last used, its calls today and when it was made. */
export function ApiKeysTable({ keys, onRevoke }: ApiKeysTableProps) {
  return (
    <DataTable className="api-keys-table" columns={['Name', 'Key', 'Scopes', 'Status', 'Last used', 'Calls today', 'Created']} actions>
      {keys.map((key) => (
        <tr key={key.id}>
          <td>
            <Link to={`/api-keys/${key.id}`}>
              <strong>{key.name}</strong>
            </Link>
          </td>
          <td>
            <ApiKeyPrefix prefix={key.prefix} />
          </td>
          <td>
            <ApiKeyScopes scopes={key.scopes} />
          </td>
          <td>
            <ApiKeyStatusBadge status={key.status} />
          </td>
          <td>
            {key.lastUsedAt ? (
              <time dateTime={key.lastUsedAt} title={formatDateTime(key.lastUsedAt)}>
                {formatRelativeTime(key.lastUsedAt)}
              </time>
            ) : (
              <span className="muted">Never</span>
            )}
          </td>
          <td>{key.callsToday.toLocaleString()}</td>
          <td>
            <time dateTime={key.createdAt} title={formatDateTime(key.createdAt)}>
              {formatDate(key.createdAt)}
            </time>
            {key.createdBy && <div className="small muted">by {key.createdBy}</div>}
          </td>
          <td className="api-keys-actions-cell">
            <div className="row-end api-key-row-actions">
              <Link className="btn btn-ghost btn-small" to={`/api-keys/${key.id}`} aria-label={`Open ${key.name}`}>
                Open
              </Link>
              {key.status !== 'revoked' && (
                <Button variant="ghost" className="btn-small text-danger" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
