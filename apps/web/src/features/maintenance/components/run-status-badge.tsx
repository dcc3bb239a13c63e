import type { MaintenanceRunStatus } from '@wac/contract/cleanup';
import { runStatusLabels } from './maintenance-labels';

export function RunStatusBadge({ status }: { status: MaintenanceRunStatus }) {
  const { label, tone } = runStatusLabels[status];
  return <span className={`badge ${tone}`}>{label}</span>;
}
