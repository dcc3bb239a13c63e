import { Icon } from '../../../ui/icon';

/** The agent's home until the WhatsApp channel arrives: an honest empty inbox, not a pretend one. */
export function ChatPage() {
  return (
    <div className="page">
      <div className="card empty-state">
        <div className="empty-state-icon" aria-hidden="true">
          <Icon name="inbox" size={40} />
        </div>
        <h2>No conversations yet</h2>
        <p className="muted">
          The shared inbox opens here once the WhatsApp channel is connected. Customer messages will then appear live, and you can answer
          them, take conversations over from the bot and send templates and media.
        </p>
      </div>
    </div>
  );
}
