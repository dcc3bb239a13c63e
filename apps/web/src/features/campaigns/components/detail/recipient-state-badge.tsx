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
};

export function RecipientStateBadge({ state }: { state: RecipientState }) {
  return <span className={`badge ${tone[state]}`}>{statusLabel(state)}</span>;
}
