import type { CampaignStatus } from '@wac/contract/campaign-states';

const tone: Record<CampaignStatus, string> = {
  draft: 'badge-muted',
  scheduled: 'badge-info',
  running: 'badge-info',
  paused: 'badge-warning',
  completed: 'badge-success',
  cancelled: 'badge-muted',
  failed: 'badge-danger',
};

/** 'running' reads 'Running'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={`badge ${tone[status]}`} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
