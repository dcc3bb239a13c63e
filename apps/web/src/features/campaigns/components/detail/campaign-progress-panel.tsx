import type { Campaign, CampaignProgressEvent } from '@wac/contract/campaigns';
import { formatDuration } from '../../../../lib/format-duration';
import { countLabels, progressPercent } from '../campaign-progress';
import { CampaignProgressBar } from '../campaign-progress-bar';
import { statusLabel } from '../campaign-status-badge';

interface ProgressPanelProps {
  campaign: Pick<Campaign, 'name' | 'status' | 'counts'>;
  /** The latest campaign:progress event for this campaign, for the live rate and time left. */
  live: CampaignProgressEvent | null;
}

/** Progress in tens, so a screen reader hears it move without an announcement on every event. */
const announced = (percent: number) => `${Math.floor(percent / 10) * 10}%`;

export function CampaignProgressPanel({ campaign, live }: ProgressPanelProps) {
  const { counts, status } = campaign;
  const running = status === 'running' && live !== null;
  const waiting = counts.pending + counts.sending;
  return (
    <section className="card campaign-progress-panel" aria-labelledby="campaign-progress-title">
      <div className="card-header">
        <h2 id="campaign-progress-title">Progress</h2>
        {running && (
          <span className="muted">
            {live.ratePerSecond.toFixed(1)} messages/s
            {live.etaSeconds !== null && ` · about ${formatDuration(live.etaSeconds)} left`}
          </span>
        )}
      </div>
      <CampaignProgressBar counts={counts} label={`Progress of ${campaign.name}`} />
      <p className="visually-hidden" aria-live="polite">
        {statusLabel(status)}: {announced(progressPercent(counts))} done
      </p>
      <dl className="stats campaign-counts">
        {countLabels.map(([key, label]) => (
          <div className={`stat campaign-count campaign-count-${key}`} key={key}>
            <dt>{label}</dt>
            <dd>
              <strong>{counts[key].toLocaleString('en')}</strong>
            </dd>
          </div>
        ))}
        <div className="stat campaign-count">
          <dt>Waiting</dt>
          <dd>
            <strong>{waiting.toLocaleString('en')}</strong>
          </dd>
        </div>
        {counts.unknown > 0 && (
          <div className="stat campaign-count">
            <dt>Unknown</dt>
            <dd>
              <strong>{counts.unknown.toLocaleString('en')}</strong>
            </dd>
          </div>
        )}
      </dl>
      {counts.unknown > 0 && (
        <p className="small muted">
          Unknown: the request to WhatsApp left but its answer never came back, so these were not sent again to avoid sending twice.
        </p>
      )}
    </section>
  );
}
