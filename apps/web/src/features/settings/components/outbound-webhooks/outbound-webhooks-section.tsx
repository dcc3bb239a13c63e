import type { OutboundWebhook } from '@wac/contract/outbound-webhooks';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { ConfirmDeleteModal } from '../../../../ui/confirm-delete-modal';
import { QueryStatus } from '../../../../ui/query-status';
import { useDeleteOutboundWebhook } from '../../api/delete-outbound-webhook';
import { notInPlan, useOutboundWebhooks } from '../../api/list-outbound-webhooks';
import { useOutboundWebhookLiveUpdates } from '../../api/outbound-webhook-live-updates';
import { AllowedHostsForm } from '../allowed-hosts-form';
import { DeliveriesModal } from './deliveries-modal';
import { OutboundWebhookFormModal } from './outbound-webhook-form-modal';
import { OutboundWebhookItem } from './outbound-webhook-item';
import { RotateSecretModal } from './rotate-secret-modal';
import '../settings-item-list.css';
import './outbound-webhooks.css';

/** Settings → Outbound webhooks: the URLs told about messages, statuses, campaigns and handoffs, each with its delivery log. */
export function OutboundWebhooksSection() {
  const webhooks = useOutboundWebhooks();
  useOutboundWebhookLiveUpdates();
  const remove = useDeleteOutboundWebhook();
  const [form, setForm] = useState<{ open: boolean; webhook?: OutboundWebhook }>({ open: false });
  const [deliveries, setDeliveries] = useState<OutboundWebhook | null>(null);
  const [rotating, setRotating] = useState<OutboundWebhook | null>(null);
  const [deleting, setDeleting] = useState<OutboundWebhook | null>(null);
  const actions = {
    onEdit: (webhook: OutboundWebhook) => setForm({ open: true, webhook }),
    onDeliveries: setDeliveries,
    onRotate: setRotating,
    onDelete: setDeleting,
  };
  const list = webhooks.data?.webhooks ?? [];

  if (notInPlan(webhooks.error)) {
    return (
      <p className="muted" role="note">
        {webhooks.error?.message}. Outbound webhooks come with API access: see the licence above.
      </p>
    );
  }
  return (
    <div className="stack outbound-webhooks">
      <div className="toolbar between">
        <span className="muted small">Each delivery is a signed JSON POST, tried again with backoff for a day when it fails.</span>
        <Button variant="secondary" onClick={() => setForm({ open: true })}>
          Add webhook
        </Button>
      </div>
      {webhooks.isPending || webhooks.isError ? (
        <QueryStatus query={webhooks} loadingLabel="Loading outbound webhooks" />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>No outbound webhooks yet. Add the URL of your shop, CRM or ticketing system to hear about new messages as they arrive.</p>
        </div>
      ) : (
        <ul className="settings-item-list" aria-label="Outbound webhooks">
          {list.map((webhook) => (
            <OutboundWebhookItem key={webhook.id} webhook={webhook} actions={actions} />
          ))}
        </ul>
      )}
      <div className="outbound-webhooks-hosts">
        <AllowedHostsForm settingKey="webhooks.allowed_hosts" name="Webhook allowed hosts" reach="webhooks may post to" />
      </div>
      <OutboundWebhookFormModal open={form.open} webhook={form.webhook} onClose={() => setForm((f) => ({ ...f, open: false }))} />
      <DeliveriesModal webhook={deliveries} onClose={() => setDeliveries(null)} />
      <RotateSecretModal webhook={rotating} onClose={() => setRotating(null)} />
      <ConfirmDeleteModal
        item={deleting}
        title="Delete outbound webhook"
        failure="Failed to delete outbound webhook"
        onDelete={(webhook) => remove.mutateAsync(webhook.id)}
        deleted={() => 'Outbound webhook deleted'}
        onClose={() => setDeleting(null)}
      >
        {(webhook) => (
          <p>
            Stop sending events to <strong className="mono">{webhook.url}</strong> and delete its delivery log? This cannot be undone.
          </p>
        )}
      </ConfirmDeleteModal>
    </div>
  );
}
