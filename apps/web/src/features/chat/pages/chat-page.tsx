import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { HeaderSearch } from '../../../ui/header-slots';
import { Icon } from '../../../ui/icon';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';
import { useChatLiveUpdates } from '../components/use-chat-live-updates';
import './chat-page.css';

/** The shared inbox: conversations on the left, the open one (kept in the URL as ?phone=) on the right. */
export function ChatPage() {
  const [params] = useSearchParams();
  const phone = params.get('phone')?.trim() ?? '';
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  useChatLiveUpdates();

  return (
    <div className={`chat-page${phone ? ' has-thread' : ''}`}>
      <HeaderSearch value={search} onChange={setSearch} label="Search conversations" />
      <nav className="chat-sidebar" aria-label="Conversations">
        <ConversationList search={debouncedSearch} selectedPhone={phone} />
      </nav>
      {phone ? (
        <ChatThread key={phone} phone={phone} />
      ) : (
        <section className="chat-thread chat-thread-empty">
          <div className="empty-state">
            <div className="empty-state-icon" aria-hidden="true">
              <Icon name="chat" size={32} />
            </div>
            <h2>Pick a conversation</h2>
            <p>Choose a conversation on the left to read it and answer the customer.</p>
          </div>
        </section>
      )}
    </div>
  );
}
