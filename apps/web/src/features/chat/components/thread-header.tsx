import type { ThreadConversation } from '@wac/contract/chat';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { Link } from 'react-router';
import { ContactAvatar } from './contact-avatar';
import { contactLabel } from './contact-label';
import { SessionBadge } from './session-badge';
import { SessionControls } from './session-controls';

export function ThreadHeader({ conversation, phone }: { conversation: ThreadConversation | null; phone: string }) {
  const name = conversation ? contactLabel(conversation.contact) : formatE164(phone);
  const showPhone = conversation?.contact.name?.trim() ? formatE164(conversation.contact.phone) : null;
  return (
    <header className="thread-header">
      <Link to="/chat" className="thread-back" aria-label="Back to conversations">
        ‹
      </Link>
      <ContactAvatar name={conversation?.contact.name} />
      <div className="thread-title">
        <h2>{name}</h2>
        {showPhone && <span className="muted small">{showPhone}</span>}
      </div>
      {conversation && (
        <>
          {conversation.optedOut && (
            <span className="badge badge-warning" title="The customer wrote an opt-out word: campaigns skip them until they opt back in">
              Opted out
            </span>
          )}
          <SessionBadge session={conversation.session} />
          <SessionControls conversation={conversation} />
        </>
      )}
    </header>
  );
}
