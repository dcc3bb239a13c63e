import type { MessageStatus } from '@wac/contract/whatsapp-messages';

export type TickLabel = 'Pending' | 'Sent' | 'Delivered' | 'Read' | 'Failed';

const labels: Partial<Record<MessageStatus, TickLabel>> = {
  pending: 'Pending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

/** The tick an outbound message shows; inbound messages (received) have none. */
export function tickLabel(status: MessageStatus): TickLabel | null {
  return labels[status] ?? null;
}

function Glyph({ status }: { status: MessageStatus }) {
  if (status === 'pending') {
    return (
      <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <circle cx="8" cy="8" r="6.2" />
        <path d="M8 4.5V8l2.2 1.6" strokeLinecap="round" />
      </svg>
    );
  }
  if (status === 'failed') return <>!</>;
  return <>{status === 'sent' ? '✓' : '✓✓'}</>;
}

export function StatusTick({ status }: { status: MessageStatus }) {
  const label = tickLabel(status);
  if (!label) return null;
  return (
    <span className={`status-tick status-${status}`} role="img" aria-label={label} title={label}>
      <Glyph status={status} />
    </span>
  );
}
