import type { ChatMessage } from '@wac/contract/chat';
import { mediaKinds, messagePreview, sentOffer } from '@wac/contract/whatsapp-messages';
import { Icon } from '../../../ui/icon';
import { MessageMedia } from './message-media';
import { SentOfferMessage } from './sent-offer';
import { TemplateMessage } from './template-message';

const mediaTypes: ReadonlySet<string> = new Set(mediaKinds);

function mapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

/** What the bubble shows for each kind of message; anything unusual falls back to its one-line preview. */
export function MessageBody({ message, quoted }: { message: ChatMessage; quoted: ChatMessage | undefined }) {
  const { content, type } = message;
  const offer = message.direction === 'outbound' && type === 'interactive' ? sentOffer(content) : null;
  return (
    <>
      {content.context && (
        <div className="message-quote">{quoted ? messagePreview(quoted.type, quoted.content) : 'Replying to an earlier message'}</div>
      )}
      {mediaTypes.has(type) ? (
        <>
          <MessageMedia message={message} />
          {content.text && <p className="message-text">{content.text}</p>}
        </>
      ) : content.location ? (
        <a
          className="message-location"
          href={mapUrl(content.location.latitude, content.location.longitude)}
          target="_blank"
          rel="noreferrer"
        >
          <Icon name="pin" size={16} />
          <strong>{content.location.name ?? 'Location'}</strong>
          {content.location.address && <span className="muted small"> {content.location.address}</span>}
        </a>
      ) : content.reaction ? (
        <p className="message-text message-reaction">
          {content.reaction.emoji ? `Reacted ${content.reaction.emoji} to a message` : 'Removed a reaction'}
        </p>
      ) : content.reply ? (
        <p className="message-text">
          <span className="message-reply-chip">{content.reply.kind === 'button' ? 'Button' : 'List'} reply</span> {content.reply.title}
        </p>
      ) : content.template ? (
        <TemplateMessage template={content.template} body={content.text} />
      ) : offer ? (
        <SentOfferMessage offer={offer} body={content.text} />
      ) : (
        <p className={`message-text${type === 'unsupported' ? ' muted' : ''}`}>{messagePreview(type, content)}</p>
      )}
    </>
  );
}
