import type { CampaignCounts } from '@wac/contract/campaigns';
import { QuotaBar } from '../../../ui/quota-bar';
import { progressPercent, settledCount } from './campaign-progress';

/** A campaign's progress as a bar (role progressbar, its value in aria-valuenow) and "12 of 40" beside it. */
export function CampaignProgressBar({ counts, label }: { counts: CampaignCounts; label: string }) {
  const percent = progressPercent(counts);
  return (
    <div className="campaign-progress">
      <QuotaBar record={{ progressPercentage: percent, isWarning: false, isExceeded: false }} label={label} />
      <span className="small muted">
        {settledCount(counts).toLocaleString('en')} of {counts.total.toLocaleString('en')} · {Math.floor(percent)}%
      </span>
    </div>
  );
}
