import type { Campaign } from '@wac/contract/campaigns';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { TableHead } from '../../../ui/table-head';
import { CampaignActions } from './campaign-actions';
import { CampaignProgressBar } from './campaign-progress-bar';
import { CampaignStatusBadge } from './campaign-status-badge';

/** The campaigns of one page: status, template, progress and schedule (in the app's timezone), with their actions. */
export function CampaignsTable({ campaigns, timezone }: { campaigns: Campaign[]; timezone: string }) {
  return (
    <div className="table-wrap">
      <table className="table campaigns-table">
        <TableHead columns={['Campaign', 'Status', 'Template', 'Progress', `Scheduled (${timezone})`]} actions />
        <tbody>
          {campaigns.map((c) => (
            <tr key={c._id} data-campaign={c.name}>
              <td>
                <Link to={`/campaigns/${c._id}`}>
                  <strong>{c.name}</strong>
                </Link>
                {c.description && <div className="small muted">{c.description}</div>}
              </td>
              <td>
                <CampaignStatusBadge status={c.status} />
                {c.statusReason && <div className="small muted">{c.statusReason}</div>}
              </td>
              <td>
                <span className="mono">{c.template.name}</span> <span className="small muted">{c.template.language}</span>
              </td>
              <td className="campaigns-progress-cell">
                <CampaignProgressBar counts={c.counts} label={`Progress of ${c.name}`} />
              </td>
              <td>{c.scheduleTime ? formatDateTime(c.scheduleTime) : <span className="muted">—</span>}</td>
              <td className="campaigns-actions-cell">
                <CampaignActions campaign={c} layout="row" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
