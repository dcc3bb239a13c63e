import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { numberOptionLabel, useSeveralNumbers } from '../../../lib/business-numbers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FilterSelect } from '../../../ui/filter-select';
import { HeaderSearch } from '../../../ui/header-slots';
import { Icon } from '../../../ui/icon';
import { useChatHistory } from '../api/chat-history';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';
import { useChatLiveUpdates } from '../components/use-chat-live-updates';
import './chat-page.css';

/**
 * The shared inbox: conversations on the left, the open one (kept in the URL as ?phone=, with &number= for the
 * business number it is on) on the right. With several numbers, the list can show one number's conversations.
 */
export function ChatPage() {
  const [params] = useSearchParams();
  const phone = params.get('phone')?.trim() ?? '';
  const number = params.get('number')?.trim() || null;
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  const numbers = useSeveralNumbers();
  const [numberFilter, setNumberFilter] = useState('');
  const filterId = useId();
  // The thread's own query: which conversation is open, once known, for the list to mark it.
  const open = useChatHistory(phone, number, phone !== '');
  const openConversation = phone ? (open.data?.pages[0]?.conversation ?? null) : null;
  useChatLiveUpdates();

  return (
    <div className={`chat-page${phone ? ' has-thread' : ''}`}>
      <HeaderSearch value={search} onChange={setSearch} label="Search conversations" />
      <nav className="chat-sidebar" aria-label="Conversations">
        {numbers.length > 1 && (
          <div className="chat-number-filter">
            <label htmlFor={filterId}>Number</label>
            <FilterSelect
              id={filterId}
              label="Number"
              allLabel="All numbers"
              value={numberFilter}
              options={numbers.map((n) => ({ value: n.phoneNumberId, label: numberOptionLabel(n) }))}
              onChange={setNumberFilter}
            />
          </div>
        )}
        <ConversationList
          search={debouncedSearch}
          phoneNumberId={numbers.length > 1 && numberFilter ? numberFilter : undefined}
          numbers={numbers}
          selected={{ phone, phoneNumberId: number, conversationId: openConversation?.id ?? null }}
        />
      </nav>
      {phone ? (
        <ChatThread key={`${phone} ${number ?? ''}`} phone={phone} phoneNumberId={number} numbers={numbers} />
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
