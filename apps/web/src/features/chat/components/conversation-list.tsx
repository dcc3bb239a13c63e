import { useCallback, useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { Icon } from '../../../ui/icon';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { flattenConversations, useConversations } from '../api/list-conversations';
import { ConversationListItem } from './conversation-list-item';
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

/** Every conversation, newest activity first; only the rows on screen are rendered, and more pages load near the end. */
export function ConversationList({ search, selectedPhone }: { search: string; selectedPhone: string }) {
  const query = useConversations(search);
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
    return search.trim() ? (
      <div className="empty-state">
        <p>No conversations match “{search.trim()}”.</p>
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
          selected={conversation.contact.phone === selectedPhone}
          now={now}
          settings={settings}
        />
      )}
    />
  );
}
