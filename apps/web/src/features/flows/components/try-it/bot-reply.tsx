import type { BotReply } from '@wac/contract/flows';
import { ListReply } from './list-reply';

export interface ReplyAnswer {
  id: string;
  text: string;
}

interface BotReplyViewProps {
  reply: BotReply;
  /** Buttons and rows can be tapped (the latest question of a session waiting for an answer). */
  active: boolean;
  onAnswer: (answer: ReplyAnswer) => void;
}

/** A reply of the bot as WhatsApp shows it: a text bubble, a picture or file, reply buttons, or a list. */
export function BotReplyView({ reply, active, onAnswer }: BotReplyViewProps) {
  switch (reply.type) {
    case 'text':
      return <p className="try-text">{reply.text}</p>;
    case 'media':
      return (
        <>
          {reply.mediaType === 'image' ? (
            <img className="try-image" src={reply.url} alt={reply.caption || 'Picture sent by the bot'} />
          ) : (
            <a className="try-file" href={reply.url} target="_blank" rel="noreferrer">
              {`Open the ${reply.mediaType}`}
            </a>
          )}
          {reply.caption && <p className="try-text">{reply.caption}</p>}
        </>
      );
    case 'buttons':
      return (
        <>
          <p className="try-text">{reply.body}</p>
          <div className="try-buttons">
            {reply.buttons.map((button) => (
              <button key={button.id} type="button" disabled={!active} onClick={() => onAnswer({ id: button.id, text: button.title })}>
                {button.title}
              </button>
            ))}
          </div>
        </>
      );
    case 'list':
      return <ListReply reply={reply} active={active} onAnswer={onAnswer} />;
  }
}
