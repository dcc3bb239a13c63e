import type { ConversationSummary } from '@wac/contract/chat';

type Session = ConversationSummary['session'];

export function sessionLabel(session: Session): string {
  if (session.state === 'agent') return session.username ? `Agent: ${session.username}` : 'Agent';
  return session.state === 'bot' ? 'Bot' : 'Ended';
}

const badgeClass = { bot: 'badge-info', agent: 'badge-success', ended: 'badge-muted' } as const;

/** Who holds the conversation: the bot, an agent (by name), or nobody any more. */
export function SessionBadge({ session, compact = false }: { session: Session; compact?: boolean }) {
  const label = sessionLabel(session);
  return (
    <span className={`badge ${badgeClass[session.state]} session-badge`} title={label}>
      {compact && session.state === 'agent' ? 'Agent' : label}
    </span>
  );
}
