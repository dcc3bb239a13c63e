import type { Campaign, CampaignProgressEvent } from '@wac/contract/campaigns';
import { formatDuration } from '../../../../lib/format-duration';
import { countLabels, progressText } from '../campaign-progress';
import { CampaignProgressBar } from '../campaign-progress-bar';
import { statusLabel } from '../campaign-status-badge';
import { HELD_LABEL } from './recipient-state-badge';

/** What held back means, and whether they get another try. */
const heldNote = (retried: boolean) =>
  `${HELD_LABEL}: Meta did not deliver these marketing messages because the customer had had too many lately (error 131049); not a failure. ${
    retried ? 'They are sent again after 24 hours, then 48 and 96.' : 'The campaign does not send them again.'
  }`;

interface ProgressPanelProps {
  campaign: Pick<Campaign, 'name' | 'status' | 'counts' | 'retryHeldBack'>;
  /** The latest campaign_progress event for this campaign, for the live rate and time left. */
  live: CampaignProgressEvent | null;
}

/** Failures show in red, but only when there are any: a zero is no alarm. */
const alarming = (key: (typeof countLabels)[number][0], count: number) => key === 'failed' && count > 0;

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
        {statusLabel(status)}: {progressText(counts)}
      </p>
      <dl className="stats campaign-counts">
        {countLabels.map(([key, label]) => (
          <div
            className={`stat campaign-count campaign-count-${key}${alarming(key, counts[key]) ? ' campaign-count-danger' : ''}`}
            key={key}
          >
            <dt>{label}</dt>
            <dd>
              <strong>{counts[key].toLocaleString('en')}</strong>
            </dd>
          </div>
        ))}
        <div className="stat campaign-count">
          {/* A cancelled campaign sends nothing more: what it had not sent is not waiting for anything. */}
          <dt>{status === 'cancelled' ? 'Not sent' : 'Waiting'}</dt>
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
        {counts.held > 0 && (
          <div className="stat campaign-count campaign-count-held">
            <dt>{HELD_LABEL}</dt>
            <dd>
              <strong>{counts.held.toLocaleString('en')}</strong>
            </dd>
          </div>
        )}
      </dl>
      {counts.unknown > 0 && (
        <p className="small muted">
          Unknown: the request to WhatsApp left but its answer never came back, so these were not sent again to avoid sending twice.
        </p>
      )}
      {counts.held > 0 && <p className="small muted">{heldNote(campaign.retryHeldBack)}</p>}
    </section>
  );
}
