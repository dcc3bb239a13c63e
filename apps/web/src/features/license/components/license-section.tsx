import { blockingLevelColour } from '@wac/contract/license-quotas';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { QueryStatus } from '../../../ui/query-status';
import { useLicenseDetails } from '../api/get-license-details';
import { useLicenseStatus } from '../api/get-license-status';
import { LicenseFeatures } from './license-features';
import { blockingLevelLabel, licenseSourceText, statusLabels } from './license-format';
import { LicenseKeyForm } from './license-key-form';
import { LicenseQuotas } from './license-quotas';
import { LicenseStorage } from './license-storage';
import './license-section.css';

const statusBadges = { active: 'badge-success', expired: 'badge-danger', invalid: 'badge-danger', suspended: 'badge-warning' } as const;

/** Plan, status, expiry and blocking level; quotas; features; the key; storage (spec 2 "/settings": licence management). */
export function LicenseSection() {
  const status = useLicenseStatus();
  const details = useLicenseDetails();
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
        {licenseSourceText(d)}
        {d.appliedAt && d.source !== 'none' ? `, ${formatDateTime(d.appliedAt)}` : ''}
        {d.customer ? ` · Licensed to ${d.customer}` : ''}
        {d.licenseId ? ` · ${d.licenseId}` : ''}
      </p>

      <fieldset className="settings-group">
        <legend>Quotas</legend>
        <LicenseQuotas quotas={s.quotas} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Features</legend>
        <LicenseFeatures features={s.features} plan={s.plan} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Licence key</legend>
        <LicenseKeyForm details={d} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Storage</legend>
        <LicenseStorage />
      </fieldset>
    </div>
  );
}
