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

/** Meta held the message back (131049, its cap on marketing messages a customer gets): not a failure. */
const labelOf = (state: RecipientState) => (state === 'held' ? 'Held back by Meta' : statusLabel(state));

export function RecipientStateBadge({ state }: { state: RecipientState }) {
  return <span className={`badge ${tone[state]}`}>{labelOf(state)}</span>;
}
