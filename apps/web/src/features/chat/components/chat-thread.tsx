import { mayWriteIn } from '@wac/contract/agent-sessions';
import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { useMemo } from 'react';
import { useAuth } from '../../../lib/auth-context';
import { QueryStatus } from '../../../ui/query-status';
import { flattenHistory, useChatHistory } from '../api/chat-history';
import { contactLabel } from './contact-label';
import { conversationMood } from './conversation-mood';
import { MessageList } from './message-list';
import { ThreadFooter } from './thread-footer';
import { ThreadHeader } from './thread-header';
import { useMarkConversationRead } from './use-mark-read';

interface ChatThreadProps {
  phone: string;
  /** The business number the URL names; null opens the customer's latest conversation. */
  phoneNumberId: string | null;
  /** The business numbers when there are several: the header then says which one the conversation is on. */
  numbers: readonly BusinessNumber[];
}

/** One conversation: who holds it, its messages, and the composer (or the template prompt). */
export function ChatThread({ phone, phoneNumberId, numbers }: ChatThreadProps) {
  const history = useChatHistory(phone, phoneNumberId);
  const { user } = useAuth();
  const messages = useMemo(() => flattenHistory(history.data?.pages), [history.data]);
  const conversation = history.data?.pages[0]?.conversation ?? null;
  const mood = useMemo(() => conversationMood(messages), [messages]);
  // A colleague's conversation stays unread for its holder (the server refuses an agent's marks there too).
  const mayRead = conversation !== null && user !== null && mayWriteIn(conversation.session, user);
  useMarkConversationRead(mayRead ? conversation.id : undefined, messages);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  return (
    <section className="chat-thread" aria-label={`Conversation with ${conversation ? contactLabel(conversation.contact) : phone}`}>
      <ThreadHeader conversation={conversation} phone={phone} mood={mood} numbers={numbers} phoneNumberId={phoneNumberId} />
      {history.isPending || history.isError ? (
        <div className="message-list">
          <QueryStatus query={history} loadingLabel="Loading messages" />
        </div>
      ) : (
        <>
          {messages.length === 0 ? (
            <div className="message-list empty-state">
              <p>No messages with this number yet.</p>
            </div>
          ) : (
            <MessageList
              messages={messages}
              hasOlder={hasNextPage}
              loadingOlder={isFetchingNextPage}
              loadOlder={() => void fetchNextPage()}
              myUserId={user?.id}
            />
          )}
          <ThreadFooter conversation={conversation} phone={phone} phoneNumberId={phoneNumberId} />
        </>
      )}
    </section>
  );
}
