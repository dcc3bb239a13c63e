import type { TemplateMessageRow } from '@wac/contract/template-analytics';
import { formatAddress } from '@wac/contract/whatsapp-user-id';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';

const statusTone: Record<string, string> = {
  read: 'badge-success',
  delivered: 'badge-info',
  sent: 'badge-muted',
  pending: 'badge-warning',
  failed: 'badge-danger',
};

/** An agent by name, a campaign by name with a link to it; anything else came through the API. */
function SentBy({ message }: { message: TemplateMessageRow }) {
  if (message.sender) return message.sender.username;
  if (message.campaign) return <Link to={`/campaigns/${message.campaign.id}`}>Campaign {message.campaign.name}</Link>;
  return 'API';
}

interface TemplateMessagesTableProps {
  messages: TemplateMessageRow[];
  sortOrder: 'asc' | 'desc';
  onSort: () => void;
}

export function TemplateMessagesTable({ messages, sortOrder, onSort }: TemplateMessagesTableProps) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col" aria-sort={sortOrder === 'asc' ? 'ascending' : 'descending'}>
              <button type="button" className="link-button" onClick={onSort}>
                Sent at {sortOrder === 'asc' ? '↑' : '↓'}
                <span className="visually-hidden">{sortOrder === 'asc' ? ', oldest first' : ', newest first'}</span>
              </button>
            </th>
            <th scope="col">Template</th>
            <th scope="col">Recipient</th>
            <th scope="col">Status</th>
            <th scope="col">Sent by</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m) => (
            <tr key={m.id}>
              <td>{formatDateTime(m.timestamp)}</td>
              <td>
                <span className="mono">{m.templateName}</span>
                {m.language && <span className="muted small"> · {m.language}</span>}
              </td>
              <td>
                {m.recipient.name && <div>{m.recipient.name}</div>}
                <span className="mono muted small">{formatAddress(m.recipient.phone)}</span>
              </td>
              <td>
                <span className={`badge ${statusTone[m.status] ?? 'badge-muted'}`}>{m.status}</span>
                {m.error && (
                  <div className="small text-danger">
                    {[m.error.title, m.error.details].filter(Boolean).join(': ') || `Error ${m.error.code}`}
                  </div>
                )}
              </td>
              <td className="muted">
                <SentBy message={m} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
