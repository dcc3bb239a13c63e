import type { Campaign } from '@wac/contract/campaigns';
import { useAppSettings } from '../../../../lib/app-settings';
import { numberLabelOf, useBusinessNumbers } from '../../../../lib/business-numbers';
import { formatDateTime } from '../../../../lib/format-date';
import { CampaignActions } from '../campaign-actions';
import { CampaignStatusBadge } from '../campaign-status-badge';

/** The campaign's name, status with the reason the dispatch gave, what it sends and when, and its actions. */
export function CampaignSummary({ campaign }: { campaign: Campaign }) {
  const zone = useAppSettings()['app.timezone'];
  const numbers = useBusinessNumbers().data ?? [];
  return (
    <section className="card campaign-summary" aria-labelledby="campaign-name">
      <div className="card-header">
        <div className="row">
          <h2 id="campaign-name">{campaign.name}</h2>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <CampaignActions campaign={campaign} layout="page" afterDelete="/campaigns" />
      </div>
      {campaign.statusReason && (
        <p className={`status-banner ${campaign.status === 'failed' ? 'status-banner-danger' : 'status-banner-warning'}`}>
          {campaign.statusReason}
        </p>
      )}
      {campaign.description && <p className="muted">{campaign.description}</p>}
      <dl className="details campaign-facts">
        <dt>Template</dt>
        <dd>
          <span className="mono">{campaign.template.name}</span> ({campaign.template.language})
          {campaign.template.status && campaign.template.status !== 'APPROVED' && (
            <span className="badge badge-warning">{campaign.template.status.toLowerCase()} at Meta</span>
          )}
        </dd>
        <dt>Sends from</dt>
        <dd>{numberLabelOf(numbers, campaign.phoneNumberId)}</dd>
        <dt>Pace</dt>
        <dd>
          At most {campaign.ratePerSecond} {campaign.ratePerSecond === 1 ? 'message' : 'messages'} a second
        </dd>
        <dt>Recipients Meta holds back</dt>
        <dd>{campaign.retryHeldBack ? 'Sent again after 24 hours, then 48 and 96' : 'Not sent again'}</dd>
        {campaign.scheduleTime ? (
          <>
            <dt>Scheduled</dt>
            <dd>
              {formatDateTime(campaign.scheduleTime)} ({zone})
            </dd>
          </>
        ) : (
          !campaign.startedAt && (
            <>
              <dt>Scheduled</dt>
              <dd>Not scheduled</dd>
            </>
          )
        )}
        {campaign.startedAt && (
          <>
            <dt>Started</dt>
            <dd>{formatDateTime(campaign.startedAt)}</dd>
          </>
        )}
        {campaign.completedAt && (
          <>
            <dt>Finished</dt>
            <dd>{formatDateTime(campaign.completedAt)}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>
          {formatDateTime(campaign.createdAt)}
          {campaign.createdBy && ` by ${campaign.createdBy.username}`}
        </dd>
      </dl>
    </section>
  );
}
