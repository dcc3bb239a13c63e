import type { ChatMessage } from '@wac/contract/chat';
import { memo } from 'react';
import { type DateSettings, messageTime } from './chat-dates';
import { FailedMessageNote } from './failed-message-note';
import { MessageBody } from './message-body';
import { StatusTick } from './message-status';
import { SentimentMark } from './sentiment-mark';

interface MessageBubbleProps {
  message: ChatMessage;
  quoted: ChatMessage | undefined;
  settings: DateSettings;
}

export const MessageBubble = memo(function MessageBubble({ message, quoted, settings }: MessageBubbleProps) {
  const outbound = message.direction === 'outbound';
  return (
    <div className={`message-row ${outbound ? 'is-outbound' : 'is-inbound'}`}>
      <div className={`message-bubble${message.status === 'failed' ? ' is-failed' : ''}`} data-message-id={message.id}>
        <MessageBody message={message} quoted={quoted} />
        <div className="message-meta">
          {outbound && message.sender && <span className="message-sender">{message.sender.username}</span>}
          {outbound && message.apiKey && <span className="message-sender">API · {message.apiKey.name}</span>}
          {outbound && message.content.sentBy === 'bot' && <span className="message-sender message-sender-bot">Bot</span>}
          <time dateTime={message.timestamp}>{messageTime(message.timestamp, settings)}</time>
          {outbound && <StatusTick status={message.status} />}
        </div>
        {outbound && message.status === 'failed' && <FailedMessageNote message={message} />}
        {!outbound && message.sentiment && <SentimentMark message={message} />}
      </div>
    </div>
  );
});
