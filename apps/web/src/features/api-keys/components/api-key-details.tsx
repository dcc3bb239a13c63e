import type { ApiKey } from '@wac/contract/api-keys';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { ApiKeyPrefix } from './api-key-prefix';
import { ApiKeyScopes } from './api-key-scopes';
import { ApiKeyStatusBadge } from './api-key-status-badge';

const when = (at: string) => (
  <>
    <time dateTime={at}>{formatDateTime(at)}</time> <span className="muted">({formatRelativeTime(at)})</span>
  </>
);

/** What the key is and what it may do; the secret itself is never shown again. */
export function ApiKeyDetails({ apiKey: key }: { apiKey: ApiKey }) {
  return (
    <dl className="details api-key-details">
      <dt>Key</dt>
      <dd>
        <ApiKeyPrefix prefix={key.prefix} />
      </dd>
      <dt>Status</dt>
      <dd>
        <ApiKeyStatusBadge status={key.status} />
        {key.revokedAt && <span className="muted small"> since {formatDateTime(key.revokedAt)}</span>}
      </dd>
      <dt>Scopes</dt>
      <dd>
        <ApiKeyScopes scopes={key.scopes} />
      </dd>
      <dt>Expires</dt>
      <dd>{key.expiresAt ? when(key.expiresAt) : 'Never'}</dd>
      <dt>Allowed IP ranges</dt>
      <dd>
        {key.allowedIps.length === 0 ? (
          'Any address'
        ) : (
          <ul className="api-key-ip-list">
            {key.allowedIps.map((range) => (
              <li key={range} className="mono">
                {range}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Rate limit</dt>
      <dd>
        {key.rateLimitPerMinute === null
          ? "None beyond the plan's daily API calls"
          : `${key.rateLimitPerMinute.toLocaleString()} calls per minute`}
      </dd>
      <dt>Created</dt>
      <dd>
        {when(key.createdAt)}
        {key.createdBy && ` by ${key.createdBy}`}
      </dd>
      <dt>Last used</dt>
      <dd>{key.lastUsedAt ? when(key.lastUsedAt) : 'Never'}</dd>
      <dt>Calls today</dt>
      <dd>{key.callsToday.toLocaleString()}</dd>
    </dl>
  );
}
