import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { useCallback, useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { numberLabelOf } from '../../../lib/business-numbers';
import { Icon } from '../../../ui/icon';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { flattenConversations, useConversations } from '../api/list-conversations';
import { ConversationListItem } from './conversation-list-item';
import { isOpenConversation, type OpenThread } from './open-conversation';
import { useDateSettings } from './use-date-settings';
import { useNow } from './use-now';

interface ListContext {
  loadingMore: boolean;
}

function ListFooter({ context }: { context?: ListContext }) {
  return context?.loadingMore ? (
    <div className="conversation-list-more">
      <Spinner size="small" label="Loading more conversations" />
    </div>
  ) : null;
}

const listComponents = { Footer: ListFooter };

interface ConversationListProps {
  search: string;
  /** Only the conversations of this business number; all of them when undefined. */
  phoneNumberId?: string;
  /** The business numbers when there are several: each row then says which one it is on. */
  numbers: readonly BusinessNumber[];
  selected: OpenThread;
}

/** Every conversation, newest activity first; only the rows on screen are rendered, and more pages load near the end. */
export function ConversationList({ search, phoneNumberId, numbers, selected }: ConversationListProps) {
  const query = useConversations(search, phoneNumberId);
  const conversations = useMemo(() => flattenConversations(query.data?.pages), [query.data]);
  const settings = useDateSettings();
  const now = useNow(60_000);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const context = useMemo(() => ({ loadingMore: isFetchingNextPage }), [isFetchingNextPage]);

  if (query.isPending || query.isError) return <QueryStatus query={query} loadingLabel="Loading conversations" />;
  if (conversations.length === 0) {
    if (search.trim()) {
      return (
        <div className="empty-state">
          <p>
            No conversations match “{search.trim()}”{phoneNumberId ? ' on this number' : ''}.
          </p>
        </div>
      );
    }
    return phoneNumberId ? (
      <div className="empty-state">
        <p>No conversations on {numberLabelOf(numbers, phoneNumberId)} yet.</p>
      </div>
    ) : (
      <div className="empty-state">
        <div className="empty-state-icon" aria-hidden="true">
          <Icon name="inbox" size={32} />
        </div>
        <h2>No conversations yet</h2>
        <p>When a customer writes to your WhatsApp number, the conversation appears here at once.</p>
      </div>
    );
  }
  return (
    <Virtuoso
      className="conversation-list"
      data={conversations}
      context={context}
      components={listComponents}
      computeItemKey={(_, conversation) => conversation.id}
      endReached={loadMore}
      increaseViewportBy={400}
      itemContent={(_, conversation) => (
        <ConversationListItem
          conversation={conversation}
          selected={isOpenConversation(conversation, selected)}
          numberLabel={numbers.length > 1 ? numberLabelOf(numbers, conversation.phoneNumberId) : null}
          now={now}
          settings={settings}
        />
      )}
    />
  );
}
