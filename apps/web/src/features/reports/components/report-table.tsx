import type { SessionState } from '@wac/contract/agent-sessions';
import { customerLabel } from '@wac/contract/whatsapp-user-id';
import { formatDateTime } from '../../../lib/format-date';
import type { ConversationReport } from '../api/get-conversation-report';
import { formatScore, formatWait } from './report-format';

const stateBadges: Record<SessionState, { label: string; className: string }> = {
  bot: { label: 'Bot', className: 'badge-info' },
  agent: { label: 'Agent', className: 'badge-success' },
  ended: { label: 'Ended', className: 'badge-muted' },
};

/** The message counts, right-aligned as numbers are. */
const countColumns = ['Messages', 'Inbound', 'Outbound', 'Failed'];

const when = (value: string | null) => (value ? formatDateTime(value) : '—');
const none = <span className="muted">—</span>;

type Row = ConversationReport['rows'][number];

function FirstResponse({ value }: { value: Row['firstResponse'] }) {
  if (!value) return none;
  const by = value.agent ? ` by ${value.agent.username}` : '';
  const within = value.businessSeconds === null ? '' : `; ${formatWait(value.businessSeconds)} within business hours`;
  return (
    <span title={`Replied ${formatDateTime(value.repliedAt)}${by}${within}`}>
      {formatWait(value.seconds)}
      {value.businessSeconds !== null && <span className="muted small"> ({formatWait(value.businessSeconds)} in hours)</span>}
    </span>
  );
}

function Resolution({ value }: { value: Row['resolution'] }) {
  if (!value) return none;
  const by = value.agent ? ` by ${value.agent.username}` : '';
  return (
    <span title={`From ${formatDateTime(value.startedAt)} to ${formatDateTime(value.endedAt)}${by}`}>{formatWait(value.seconds)}</span>
  );
}

function Sentiment({ value }: { value: Row['sentiment'] }) {
  if (value.averageScore === null && value.negativeMessages === 0) return none;
  return (
    <span>
      {value.averageScore !== null && formatScore(value.averageScore)}
      {value.negativeMessages > 0 && <span className="badge badge-danger report-negative">{value.negativeMessages} negative</span>}
    </span>
  );
}

export function ReportTable({ rows }: { rows: ConversationReport['rows'] }) {
  return (
    // Wider than most screens: the region scrolls sideways, and takes the keyboard's focus to be scrolled with arrows.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="table-wrap" tabIndex={0} aria-label="Conversations">
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
            <th scope="col">Agent</th>
            <th scope="col">Sentiment</th>
            <th scope="col">First response</th>
            <th scope="col">Resolution</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const state = stateBadges[row.sessionState];
            return (
              <tr key={row.conversationId}>
                <td>{row.contact.name ?? <span className="muted">No name</span>}</td>
                <td className="mono">{customerLabel(row.contact)}</td>
                <td className="num">{row.messages}</td>
                <td className="num">{row.inbound}</td>
                <td className="num">{row.outbound}</td>
                <td className={`num${row.failed > 0 ? ' text-danger' : ''}`}>{row.failed}</td>
                <td>{when(row.firstMessageAt)}</td>
                <td>{when(row.lastMessageAt)}</td>
                <td>
                  <span className={`badge ${state.className}`}>{state.label}</span>
                </td>
                <td>{row.agent?.username ?? none}</td>
                <td>
                  <Sentiment value={row.sentiment} />
                </td>
                <td>
                  <FirstResponse value={row.firstResponse} />
                </td>
                <td>
                  <Resolution value={row.resolution} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
