import { type OutboundWebhook, outboundEventLabels } from '@wac/contract/outbound-webhooks';
import { useId } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../../lib/format-date';
import { Button } from '../../../../ui/button';
import { useTestOutboundWebhook } from '../../api/test-outbound-webhook';
import { lastDeliveryText, testOutcomeText } from './delivery-outcome';

export interface OutboundWebhookActions {
  onEdit: (webhook: OutboundWebhook) => void;
  onDeliveries: (webhook: OutboundWebhook) => void;
  onRotate: (webhook: OutboundWebhook) => void;
  onDelete: (webhook: OutboundWebhook) => void;
}

/** The buttons that hand the subscription to the list (its modals), in the order they show. */
const listActions: { label: string; action: keyof OutboundWebhookActions; danger?: boolean }[] = [
  { label: 'Delivery log', action: 'onDeliveries' },
  { label: 'Edit', action: 'onEdit' },
  { label: 'Rotate secret', action: 'onRotate' },
  { label: 'Delete', action: 'onDelete', danger: true },
];

function TestOutcome({ test }: { test: ReturnType<typeof useTestOutboundWebhook> }) {
  if (test.isError) return <span className="text-danger">{errorMessage(test.error, 'Failed to send the test event')}</span>;
  if (!test.data) return null;
  const ok = test.data.state === 'delivered';
  return <span className={ok ? 'outbound-test-ok' : 'text-danger'}>Test event: {testOutcomeText(test.data)}</span>;
}

/** One subscription: where it posts, what, how its last delivery went, failures of the last day, and its actions. */
export function OutboundWebhookItem({ webhook, actions }: { webhook: OutboundWebhook; actions: OutboundWebhookActions }) {
  const id = useId();
  const test = useTestOutboundWebhook();
  const last = webhook.lastDelivery;
  return (
    <li className="settings-item" aria-labelledby={`${id}-url`}>
      <div className="row between settings-item-head">
        <h3 id={`${id}-url`} className="mono outbound-webhook-url">
          {webhook.url}
        </h3>
        {webhook.active ? <span className="badge badge-success">Active</span> : <span className="badge badge-muted">Paused</span>}
      </div>
      {webhook.description && <p className="muted outbound-webhook-description">{webhook.description}</p>}
      <dl className="details settings-item-details">
        <dt>Events</dt>
        <dd>{webhook.events.map((event) => outboundEventLabels[event]).join(', ')}</dd>
        <dt>Last delivery</dt>
        <dd className={last && !last.ok ? 'text-danger' : undefined}>
          {lastDeliveryText(last)}
          {last && (
            <span className="muted">
              {' '}
              ·{' '}
              <time dateTime={last.at} title={formatDateTime(last.at)}>
                {formatRelativeTime(last.at)}
              </time>
            </span>
          )}
        </dd>
        <dt>Failed in the last 24 hours</dt>
        <dd className={webhook.failedLastDay > 0 ? 'text-danger' : undefined}>{webhook.failedLastDay.toLocaleString()}</dd>
      </dl>
      <div className="row settings-item-actions outbound-webhook-actions">
        <Button variant="secondary" className="btn-small" loading={test.isPending} onClick={() => test.mutate(webhook.id)}>
          Send test event
        </Button>
        {listActions.map(({ label, action, danger }) => (
          <Button
            key={label}
            variant="ghost"
            className={danger ? 'btn-small text-danger' : 'btn-small'}
            onClick={() => actions[action](webhook)}
          >
            {label}
          </Button>
        ))}
      </div>
      <p className="small outbound-test-outcome" role="status">
        <TestOutcome test={test} />
      </p>
    </li>
  );
}
