import type { ConversationSummary } from '@wac/contract/chat';
import { contactAddress } from '@wac/contract/whatsapp-user-id';
import { memo } from 'react';
import { Link } from 'react-router';
import { conversationTime, type DateSettings } from './chat-dates';
import { ContactAvatar } from './contact-avatar';
import { chatPath, contactLabel } from './contact-label';
import { StatusTick } from './message-status';
import { SessionBadge } from './session-badge';

interface ConversationListItemProps {
  conversation: ConversationSummary;
  selected: boolean;
  now: Date;
  settings: DateSettings;
  /** The business number the conversation is on, when there are several; null with one. */
  numberLabel?: string | null;
}

export const ConversationListItem = memo(function ConversationListItem({
  conversation,
  selected,
  now,
  settings,
  numberLabel = null,
}: ConversationListItemProps) {
  const { contact, lastMessage, unreadCount } = conversation;
  const at = conversation.lastMessageAt ?? lastMessage?.timestamp;
  const title = contactLabel(contact);
  // A customer who hides their number is told apart by their username, which the title shows unless a name took its place.
  const usernameNote = !contact.phone && contact.username && contact.name?.trim() ? `@${contact.username}` : null;
  return (
    <Link
      to={chatPath(contactAddress(contact), conversation.phoneNumberId)}
      className={`conversation-item${selected ? ' is-selected' : ''}${unreadCount > 0 ? ' is-unread' : ''}`}
      aria-current={selected ? 'page' : undefined}
    >
      <ContactAvatar name={contact.name} />
      <span className="conversation-main">
        <span className="conversation-top">
          <span className="conversation-name">
            {title}
            {usernameNote && <span className="conversation-username"> {usernameNote}</span>}
          </span>
          {at && <span className="conversation-time">{conversationTime(at, now, settings)}</span>}
        </span>
        <span className="conversation-bottom">
          <span className="conversation-preview">
            {lastMessage?.direction === 'outbound' && <StatusTick status={lastMessage.status} />}
            {lastMessage?.preview ?? <span className="muted">No messages yet</span>}
          </span>
          <SessionBadge session={conversation.session} compact />
          {unreadCount > 0 && (
            <span className="unread-count">
              {unreadCount > 99 ? '99+' : unreadCount}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </span>
        {numberLabel && (
          <span className="conversation-number">
            <span className="visually-hidden">On </span>
            {numberLabel}
          </span>
        )}
      </span>
    </Link>
  );
});
