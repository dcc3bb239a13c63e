import { blockingLevelColour } from '@wac/contract/licence-quotas';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { QueryStatus } from '../../../ui/query-status';
import { useLicenceDetails } from '../api/get-licence-details';
import { useLicenceStatus } from '../api/get-licence-status';
import { LicenceFeatures } from './licence-features';
import { blockingLevelLabel, licenceSourceText, statusLabels } from './licence-format';
import { LicenceKeyForm } from './licence-key-form';
import { LicenceQuotas } from './licence-quotas';
import { LicenceStorage } from './licence-storage';
import './licence-section.css';

const statusBadges = { active: 'badge-success', expired: 'badge-danger', invalid: 'badge-danger', suspended: 'badge-warning' } as const;

/** Plan, status, expiry and blocking level; quotas; features; the key; storage (spec 2 "/settings": licence management). */
export function LicenceSection() {
  const status = useLicenceStatus();
  const details = useLicenceDetails();
  if (status.isPending || status.isError) return <QueryStatus query={status} loadingLabel="Loading the licence" />;
  if (details.isPending || details.isError) return <QueryStatus query={details} loadingLabel="Loading the licence" />;
  const s = status.data;
  const d = details.data.license;

  return (
    <div className="stack">
      <dl className="licence-summary" aria-label="Licence summary">
        <div>
          <dt>Plan</dt>
          <dd data-testid="licence-plan">{s.planName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${statusBadges[s.status]}`}>{statusLabels[s.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            {s.expiresAt ? formatDate(s.expiresAt) : 'Never'}
            {s.daysRemaining !== null && <span className="muted small"> ({s.daysRemaining} days left)</span>}
          </dd>
        </div>
        <div>
          <dt>Blocking level</dt>
          <dd>
            <span className={`blocking-level blocking-${blockingLevelColour(s.blockingLevel)}`}>
              {s.blockingLevel} · {blockingLevelLabel(s.blockingLevel)}
            </span>
          </dd>
        </div>
      </dl>
      {s.message && (
        <div className={`status-banner ${s.status === 'active' ? 'status-banner-warning' : 'status-banner-danger'}`} role="status">
          {s.message}
        </div>
      )}
      <p className="muted small">
        {licenceSourceText(d)}
        {d.appliedAt && d.source !== 'none' ? `, ${formatDateTime(d.appliedAt)}` : ''}
        {d.customer ? ` · Licensed to ${d.customer}` : ''}
        {d.licenseId ? ` · ${d.licenseId}` : ''}
      </p>

      <fieldset className="settings-group">
        <legend>Quotas</legend>
        <LicenceQuotas quotas={s.quotas} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Features</legend>
        <LicenceFeatures features={s.features} plan={s.plan} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Licence key</legend>
        <LicenceKeyForm details={d} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Storage</legend>
        <LicenceStorage />
      </fieldset>
    </div>
  );
}
