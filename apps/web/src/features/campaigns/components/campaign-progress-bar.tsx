import type { CampaignCounts } from '@wac/contract/campaigns';
import { QuotaBar } from '../../../ui/quota-bar';
import { progressPercent, progressText } from './campaign-progress';

/** A campaign's progress as a bar (role progressbar, its value in aria-valuenow) and "12 of 40 · 30%" beside it. */
export function CampaignProgressBar({ counts, label }: { counts: CampaignCounts; label: string }) {
  return (
    <div className="campaign-progress">
      <QuotaBar record={{ progressPercentage: progressPercent(counts), isWarning: false, isExceeded: false }} label={label} />
      <span className="small muted">{progressText(counts)}</span>
    </div>
  );
}
