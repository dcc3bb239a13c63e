import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { useState } from 'react';
import { formatTime } from '../../../lib/format-date';
import type { CustomerMessage } from '../api/send-as-customer';
import { SandboxMediaView } from './sandbox-media-view';

const statusMarks: Record<SandboxMessage['status'], { mark: string; label: string }> = {
  accepted: { mark: '🕓', label: 'Sending' },
  sent: { mark: '✓', label: 'Sent' },
  delivered: { mark: '✓✓', label: 'Delivered' },
  read: { mark: '✓✓', label: 'Read' },
  failed: { mark: '!', label: 'Not delivered' },
};

interface MessageBubbleProps {
  message: SandboxMessage;
  /** The emoji someone reacted to this message with. */
  reaction?: string;
  onReply: (reply: CustomerMessage) => void;
  replying: boolean;
}

/** One message on the customer's phone: the business on the left, the customer on the right. */
export function MessageBubble({ message, reaction, onReply, replying }: MessageBubbleProps) {
  const fromCustomer = message.direction === 'from_customer';
  const status = statusMarks[message.status];
  return (
    <li className={`sim-bubble ${fromCustomer ? 'sim-out' : 'sim-in'}${message.status === 'failed' ? ' sim-failed' : ''}`}>
      {message.media && <SandboxMediaView type={message.type} media={message.media} />}
      {message.template && (
        <p className="sim-template">
          Template “{message.template.name}” ({message.template.language})
        </p>
      )}
      {message.location && (
        <p>
          <span aria-hidden="true">📍</span> {message.location.name ?? 'Location'}
          {message.location.address && <span className="muted"> — {message.location.address}</span>}
          <span className="muted small">
            {' '}
            ({message.location.latitude}, {message.location.longitude})
          </span>
        </p>
      )}
      {message.text && <p className="sim-text">{message.text}</p>}
      {message.interactive?.kind === 'buttons' && (
        <div className="sim-reply-buttons">
          {message.interactive.buttons.map((b) => (
            <button
              key={b.id}
              type="button"
              disabled={replying}
              onClick={() => onReply({ type: 'button_reply', replyId: b.id, replyTitle: b.title, contextId: message.wamid })}
            >
              {b.title}
            </button>
          ))}
        </div>
      )}
      {message.interactive?.kind === 'list' && (
        <ListReply interactive={message.interactive} wamid={message.wamid} onReply={onReply} replying={replying} />
      )}
      <span className="sim-meta">
        <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
        {fromCustomer && (
          <span className={`sim-status sim-status-${message.status}`} role="img" aria-label={status.label} title={status.label}>
            {status.mark}
          </span>
        )}
      </span>
      {!fromCustomer && message.status === 'failed' && (
        <p className="sim-not-delivered">
          Not delivered to the customer{message.error ? `: ${message.error.code} ${message.error.title}` : ''}
        </p>
      )}
      {reaction && (
        <span className="sim-reaction" role="img" aria-label={`Reaction ${reaction}`}>
          {reaction}
        </span>
      )}
    </li>
  );
}

type ListInteractive = Extract<NonNullable<SandboxMessage['interactive']>, { kind: 'list' }>;

function ListReply({
  interactive,
  wamid,
  onReply,
  replying,
}: {
  interactive: ListInteractive;
  wamid: string;
  onReply: MessageBubbleProps['onReply'];
  replying: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="sim-list">
      <button type="button" className="sim-list-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ☰ {interactive.button}
      </button>
      {open &&
        interactive.sections.map((section, index) => (
          <fieldset key={section.title ?? index} className="sim-list-section">
            {section.title && <legend>{section.title}</legend>}
            {section.rows.map((row) => (
              <button
                key={row.id}
                type="button"
                disabled={replying}
                onClick={() =>
                  onReply({
                    type: 'list_reply',
                    replyId: row.id,
                    replyTitle: row.title,
                    ...(row.description ? { description: row.description } : {}),
                    contextId: wamid,
                  })
                }
              >
                <strong>{row.title}</strong>
                {row.description && <span className="muted small">{row.description}</span>}
              </button>
            ))}
          </fieldset>
        ))}
    </div>
  );
}
