import type { SessionState } from '@wac/contract/agent-sessions';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { formatDateTime } from '../../../lib/format-date';
import type { ConversationReport } from '../api/get-conversation-report';

const stateBadges: Record<SessionState, { label: string; className: string }> = {
  bot: { label: 'Bot', className: 'badge-info' },
  agent: { label: 'Agent', className: 'badge-success' },
  ended: { label: 'Ended', className: 'badge-muted' },
};

/** The message counts, right-aligned as numbers are. */
const countColumns = ['Messages', 'Inbound', 'Outbound', 'Failed'];

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

export function ReportTable({ rows }: { rows: ConversationReport['rows'] }) {
  return (
    <div className="table-wrap">
      <table className="table report-table">
        <thead>
          <tr>
            <th scope="col">Contact</th>
            <th scope="col">Phone</th>
            {countColumns.map((column) => (
              <th key={column} scope="col" className="num">
                {column}
              </th>
            ))}
            <th scope="col">First message</th>
            <th scope="col">Last message</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const state = stateBadges[row.sessionState];
            return (
              <tr key={row.conversationId}>
                <td>{row.contact.name ?? <span className="muted">No name</span>}</td>
                <td className="mono">{formatE164(row.contact.phone)}</td>
                <td className="num">{row.messages}</td>
                <td className="num">{row.inbound}</td>
                <td className="num">{row.outbound}</td>
                <td className={`num${row.failed > 0 ? ' text-danger' : ''}`}>{row.failed}</td>
                <td>{when(row.firstMessageAt)}</td>
                <td>{when(row.lastMessageAt)}</td>
                <td>
                  <span className={`badge ${state.className}`}>{state.label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
