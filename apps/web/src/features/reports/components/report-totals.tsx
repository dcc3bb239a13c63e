import { formatCompactNumber } from '@wac/contract/format';
import type { ConversationReport } from '../api/get-conversation-report';

const cards: { key: keyof ConversationReport['totals']; label: string }[] = [
  { key: 'conversations', label: 'Conversations' },
  { key: 'messages', label: 'Messages' },
  { key: 'inbound', label: 'Inbound' },
  { key: 'outbound', label: 'Outbound' },
  { key: 'failed', label: 'Failed' },
  { key: 'negative', label: 'Negative messages' },
];

export function ReportTotals({ totals }: { totals: ConversationReport['totals'] | undefined }) {
  return (
    <ul className="stats report-totals" aria-label="Totals">
      {cards.map(({ key, label }) => (
        <li key={key} className={`card stat${(key === 'failed' || key === 'negative') && totals?.[key] ? ' report-failed' : ''}`}>
          <span className="muted">{label}</span>
          <strong title={totals ? totals[key].toLocaleString() : undefined}>{totals ? formatCompactNumber(totals[key]) : '—'}</strong>
        </li>
      ))}
    </ul>
  );
}
