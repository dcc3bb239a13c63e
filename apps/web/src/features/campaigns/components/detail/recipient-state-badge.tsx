import type { RecipientState } from '@wac/contract/campaigns';
import { statusLabel } from '../campaign-status-badge';

const tone: Record<RecipientState, string> = {
  pending: 'badge-muted',
  sending: 'badge-info',
  sent: 'badge-info',
  delivered: 'badge-success',
  read: 'badge-success',
  failed: 'badge-danger',
  skipped: 'badge-warning',
  unknown: 'badge-warning',
  held: 'badge-warning',
};

export const HELD_LABEL = 'Held back by Meta';

/** A recipient's state in words; Meta holding the message back (131049, its cap on marketing messages a customer gets) is no failure. */
export const recipientStateLabel = (state: RecipientState) => (state === 'held' ? HELD_LABEL : statusLabel(state));

export function RecipientStateBadge({ state }: { state: RecipientState }) {
  return <span className={`badge ${tone[state]}`}>{recipientStateLabel(state)}</span>;
}
