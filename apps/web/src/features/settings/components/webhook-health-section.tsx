import { useChannelStatus } from '../../../lib/channel-status';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { formatDuration } from '../../../lib/format-duration';
import { Button } from '../../../ui/button';
import { QueryStatus } from '../../../ui/query-status';
import { useWebhookHealth, WEBHOOK_HEALTH_REFRESH_MS } from '../api/get-webhook-health';
import { OLD_WAITING_SECONDS, webhookProblems } from './webhook-health';

/** Is Meta reaching the server, and is the server keeping up? Refreshed every 10 seconds while shown. */
export function WebhookHealthSection() {
  const health = useWebhookHealth();
  const channel = useChannelStatus();
  if (health.isPending || health.isError) return <QueryStatus query={health} loadingLabel="Loading the webhook health" />;

  const h = health.data;
  const checkedAt = new Date(health.dataUpdatedAt);
  const problems = webhookProblems(h);
  const ago = (at: string) => <span title={formatDateTime(at)}>{formatRelativeTime(at, checkedAt)}</span>;
  const oldWaiting = h.oldestWaitingSeconds !== null && h.oldestWaitingSeconds > OLD_WAITING_SECONDS;

  return (
    <div className="stack webhook-health">
      <div className="toolbar webhook-health-toolbar">
        <span className="row">
          {channel.data && (
            <span className={`badge ${channel.data.mode === 'sandbox' ? 'badge-info' : 'badge-success'}`}>
              {channel.data.mode === 'sandbox' ? 'Sandbox' : 'Live'}
            </span>
          )}
          <span className="muted small">
            {channel.data?.mode === 'sandbox'
              ? 'The built-in sandbox plays Meta and signs its webhooks like Meta does.'
              : channel.data
                ? `Meta's Cloud API, number ${channel.data.phoneNumberId}.`
                : ''}{' '}
            Refreshes every {WEBHOOK_HEALTH_REFRESH_MS / 1000} seconds.
          </span>
        </span>
        <Button variant="ghost" onClick={() => health.refetch()} loading={health.isFetching}>
          Refresh
        </Button>
      </div>

      {problems.length > 0 ? (
        <div className="status-banner status-banner-warning" role="status">
          <ul className="webhook-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="status-banner status-banner-success" role="status">
          {h.lastEventAt ? 'Webhook events arrive and are processed.' : 'No webhook events received yet.'}
        </div>
      )}

      <dl className="details">
        <dt>Last event received</dt>
        <dd>{h.lastEventAt ? ago(h.lastEventAt) : 'Never'}</dd>
        <dt>Events in the last 24 hours</dt>
        <dd>{h.eventsLast24h.toLocaleString()}</dd>
        <dt>Signature failures in the last 24 hours</dt>
        <dd className={h.signatureFailuresLast24h > 0 ? 'text-danger' : undefined}>
          {h.signatureFailuresLast24h.toLocaleString()}
          {h.lastSignatureFailureAt && <> (last {ago(h.lastSignatureFailureAt)})</>}
        </dd>
        <dt>Refused items in the last 24 hours</dt>
        <dd className={h.refusedLast24h > 0 ? 'text-danger' : undefined}>
          {h.refusedLast24h.toLocaleString()}
          {h.lastRefusal && <> (last {ago(h.lastRefusal.at)})</>}
        </dd>
        <dt>Events waiting</dt>
        <dd>{h.waiting.toLocaleString()}</dd>
        <dt>Oldest waiting</dt>
        <dd className={oldWaiting ? 'text-danger' : undefined}>
          {h.oldestWaitingSeconds === null ? 'None waiting' : formatDuration(h.oldestWaitingSeconds)}
        </dd>
        <dt>Failed events</dt>
        <dd className={h.failed > 0 ? 'text-danger' : undefined}>{h.failed.toLocaleString()}</dd>
      </dl>
    </div>
  );
}
