import type { Contact, ThreadConversation } from '@wac/contract/chat';
import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { formatE164 } from '@wac/contract/whatsapp-phone';
import { formatAddress } from '@wac/contract/whatsapp-user-id';
import { Link } from 'react-router';
import { numberLabelOf } from '../../../lib/business-numbers';
import { ContactAvatar } from './contact-avatar';
import { contactLabel } from './contact-label';
import type { ConversationMood } from './conversation-mood';
import { MoodBadge } from './mood-badge';
import { SessionBadge } from './session-badge';
import { SessionControls } from './session-controls';

interface ThreadHeaderProps {
  conversation: ThreadConversation | null;
  phone: string;
  /** The customer's mood in the loaded thread; null before any of their texts is scored. */
  mood?: ConversationMood | null;
  /** The business numbers when there are several: the header then says which one the conversation is on. */
  numbers?: readonly BusinessNumber[];
  /** The number the URL names, for a thread whose conversation does not exist yet. */
  phoneNumberId?: string | null;
}

/** What the header says under the name: the number (or that none is shared) and the username, where the title did not. */
function identityLine(contact: Contact): string | null {
  const title = contactLabel(contact);
  const parts = [contact.phone ? formatE164(contact.phone) : 'Number not shared', contact.username ? `@${contact.username}` : null].filter(
    (part): part is string => part !== null && part !== title,
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function ThreadHeader({ conversation, phone, mood = null, numbers = [], phoneNumberId = null }: ThreadHeaderProps) {
  const name = conversation ? contactLabel(conversation.contact) : formatAddress(phone);
  const showPhone = conversation ? identityLine(conversation.contact) : null;
  const onNumber = conversation?.phoneNumberId ?? phoneNumberId;
  const numberLine = numbers.length > 1 && onNumber ? `On ${numberLabelOf(numbers, onNumber)}` : null;
  return (
    <header className="thread-header">
      <Link to="/chat" className="thread-back" aria-label="Back to conversations">
        ‹
      </Link>
      <ContactAvatar name={conversation?.contact.name} />
      <div className="thread-title">
        <h2>{name}</h2>
        {showPhone && <span className="muted small">{showPhone}</span>}
        {numberLine && (
          <span className="muted small thread-number" title="The business number the customer wrote to: replies leave from it">
            {numberLine}
          </span>
        )}
      </div>
      {conversation && (
        <>
          {conversation.optedOut && (
            <span className="badge badge-warning" title="The customer wrote an opt-out word: campaigns skip them until they opt back in">
              Opted out
            </span>
          )}
          {conversation.marketingOptedOut && (
            <span
              className="badge badge-warning"
              title="The customer told WhatsApp to stop marketing messages from this business: campaigns of marketing templates skip them"
            >
              Stopped marketing
            </span>
          )}
          {mood && <MoodBadge mood={mood} />}
          <SessionBadge session={conversation.session} />
          <SessionControls conversation={conversation} />
        </>
      )}
    </header>
  );
}
