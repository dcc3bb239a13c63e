import type { QuotaRecord } from '@wac/contract/license-quotas';
import './license.css';

/** Spec 9: a quota's progress, capped at 100%, yellow from 80% and red once used up. */
export function QuotaBar({
  record,
  label,
}: {
  record: Pick<QuotaRecord, 'progressPercentage' | 'isWarning' | 'isExceeded'>;
  label: string;
}) {
  const state = record.isExceeded ? 'exceeded' : record.isWarning ? 'warning' : 'ok';
  return (
    <div
      className={`quota-bar quota-bar-${state}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(record.progressPercentage)}
    >
      <div className="quota-bar-fill" style={{ width: `${Math.min(100, Math.max(0, record.progressPercentage))}%` }} />
    </div>
  );
}
