import type { LicenseStatusResponse } from '@wac/contract/license';
import { quotaLabels, quotaTypes } from '@wac/contract/plans';
import { formatDateTime } from '../../../lib/format-date';
import { QuotaBar } from '../../../ui/quota-bar';
import { formatQuotaUsage } from './license-format';

/** Each quota as a bar: capped at 100%, yellow from 80%, red once used up. */
export function LicenseQuotas({ quotas }: { quotas: LicenseStatusResponse['quotas'] }) {
  return (
    <ul className="licence-quotas">
      {quotaTypes.map((type) => {
        const q = quotas[type];
        const state = q.isExceeded ? 'Limit reached' : q.isWarning ? 'Nearly used up' : null;
        return (
          <li key={type} className="licence-quota">
            <div className="licence-quota-head">
              <strong>
                {quotaLabels[type].name}
                {q.resetsAt ? <span className="muted small"> per day</span> : null}
              </strong>
              <span className={q.isExceeded ? 'text-danger' : undefined}>{formatQuotaUsage(type, q, q.unit)}</span>
            </div>
            <QuotaBar record={q} label={`${quotaLabels[type].name} quota`} />
            <div className="licence-quota-foot muted small">
              <span>
                {Math.floor(q.percentage)}%{state ? ` · ${state}` : ''}
              </span>
              {q.resetsAt && <span>Resets {formatDateTime(q.resetsAt)}</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
