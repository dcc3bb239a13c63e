import type { SandboxMessage } from '@wac/contract/whatsapp-sandbox';
import { useEffect, useRef } from 'react';
import type { CustomerMessage } from '../api/send-as-customer';
import { MessageBubble } from './message-bubble';
import { withReactions } from './thread-reactions';

interface PhoneThreadProps {
  messages: SandboxMessage[];
  onReply: (reply: CustomerMessage) => void;
  replying: boolean;
}

/** The customer's chat with the business, newest at the bottom and kept in view as messages arrive. */
export function PhoneThread({ messages, onReply, replying }: PhoneThreadProps) {
  const box = useRef<HTMLDivElement>(null);
  const { shown, reactions } = withReactions(messages);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    const element = box.current;
    if (element && lastId !== undefined) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  if (shown.length === 0) {
    return (
      <div className="sim-thread sim-thread-empty">
        <p className="muted">No messages yet. Write as the customer below; what the business sends appears here.</p>
      </div>
    );
  }
  return (
    <div className="sim-thread" ref={box}>
      <ol className="sim-messages" aria-label="Messages on the customer's phone">
        {shown.map((m) => (
          <MessageBubble key={m.id} message={m} reaction={reactions.get(m.wamid)} onReply={onReply} replying={replying} />
        ))}
      </ol>
    </div>
  );
}
