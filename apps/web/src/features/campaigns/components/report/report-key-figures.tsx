import type { CampaignDeliverySummary, CampaignReport } from '@wac/contract/campaign-reports';
import { keyFigures } from './report-figures';

/** The report's headline figures, each with what it is counted over. */
export function ReportKeyFigures({ report, timing }: { report: CampaignReport; timing: CampaignDeliverySummary['timing'] | undefined }) {
  return (
    <dl className="stats report-figures">
      {keyFigures(report, timing).map((figure) => (
        <div key={figure.key} className={`stat report-figure report-figure-${figure.key}`}>
          <dt>{figure.label}</dt>
          <dd>
            <strong>{figure.value}</strong>
            {figure.hint && <span className="small muted">{figure.hint}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
