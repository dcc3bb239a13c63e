import { type DeliveryState, deliveryStates, type OutboundDelivery, type OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { Button } from '../../../../ui/button';
import { EmptyList } from '../../../../ui/empty-list';
import { FilterSelect } from '../../../../ui/filter-select';
import { Modal } from '../../../../ui/modal';
import { Pager } from '../../../../ui/pager';
import { QueryStatus } from '../../../../ui/query-status';
import { Spinner } from '../../../../ui/spinner';
import { TableHead } from '../../../../ui/table-head';
import { useToast } from '../../../../ui/toasts';
import { useOutboundDeliveries, useRetryDelivery } from '../../api/outbound-deliveries';
import { excerpt } from './delivery-outcome';

export const DELIVERIES_PAGE_SIZE = 20;

const stateBadges: Record<DeliveryState, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge-info' },
  delivered: { label: 'Delivered', className: 'badge-success' },
  failed: { label: 'Failed', className: 'badge-danger' },
};
const stateOptions = deliveryStates.map((state) => ({ value: state, label: stateBadges[state].label }));

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: OutboundDelivery }) {
  const retry = useRetryDelivery();
  const toast = useToast();
  const badge = stateBadges[delivery.state];
  const again = () =>
    retry.mutate(
      { webhookId, deliveryId: delivery.id },
      {
        onSuccess: () => toast.show({ type: 'success', title: 'Delivery queued again' }),
        onError: (error) => toast.show({ type: 'error', title: errorMessage(error, 'Failed to retry the delivery') }),
      },
    );
  return (
    <tr>
      <td>
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
      </td>
      <td className="mono">{delivery.event}</td>
      <td>
        <span className={`badge ${badge.className}`}>{badge.label}</span>
      </td>
      <td>{delivery.attempts}</td>
      <td>{delivery.statusCode ?? '—'}</td>
      <td className="delivery-answer" title={delivery.response ?? undefined}>
        {excerpt(delivery.response) || <span className="muted">—</span>}
      </td>
      <td>{delivery.nextAttemptAt ? <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time> : '—'}</td>
      <td>
        {delivery.state === 'failed' && (
          <Button
            variant="secondary"
            className="btn-small"
            loading={retry.isPending}
            onClick={again}
            aria-label={`Retry delivery ${delivery.id}`}
          >
            Retry
          </Button>
        )}
      </td>
    </tr>
  );
}

function Deliveries({ webhook }: { webhook: OutboundWebhook }) {
  const [state, setState] = useState<DeliveryState | ''>('');
  const [page, setPage] = useState(1);
  const deliveries = useOutboundDeliveries(webhook.id, { page, limit: DELIVERIES_PAGE_SIZE, ...(state ? { state } : {}) });
  const list = deliveries.data?.deliveries ?? [];
  const pagination = deliveries.data?.pagination;
  return (
    <div className="stack">
      <div className="toolbar">
        <FilterSelect
          label="Filter by state"
          allLabel="All states"
          value={state}
          options={stateOptions}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
        {deliveries.isFetching && !deliveries.isPending && <Spinner size="small" label="Refreshing" />}
      </div>
      {deliveries.isPending || deliveries.isError ? (
        <QueryStatus query={deliveries} loadingLabel="Loading deliveries" />
      ) : list.length === 0 ? (
        <EmptyList
          filtered={state !== ''}
          what="deliveries"
          onClearFilters={() => {
            setState('');
            setPage(1);
          }}
        >
          <p>No deliveries yet: events are sent here as they happen, or send a test event.</p>
        </EmptyList>
      ) : (
        <div className="table-wrap">
          <table className="table deliveries-table">
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <TableHead columns={['Time', 'Event', 'State', 'Attempts', 'Status', 'Answer', 'Next attempt']} actions />
            <tbody>
              {list.map((delivery) => (
                <DeliveryRow key={delivery.id} webhookId={webhook.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && (
        <Pager label="Delivery pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
      )}
    </div>
  );
}

/** A subscription's delivery log: every event sent, its attempts and the receiver's answer; failed ones can be retried. */
export function DeliveriesModal({ webhook, onClose }: { webhook: OutboundWebhook | null; onClose: () => void }) {
  const [shown, setShown] = useState(webhook);
  if (webhook && webhook !== shown) setShown(webhook);
  return (
    <Modal open={webhook !== null} onClose={onClose} title="Delivery log" size="xl">
      {shown && (
        <div className="stack">
          <p className="muted">
            Deliveries to <span className="mono">{shown.url}</span>. Failed attempts are tried again with backoff for a day.
          </p>
          <Deliveries key={shown.id} webhook={shown} />
        </div>
      )}
    </Modal>
  );
}
