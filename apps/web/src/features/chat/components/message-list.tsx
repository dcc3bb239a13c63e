import type { ChatMessage } from '@wac/contract/chat';
import { useCallback, useMemo, useRef } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { Spinner } from '../../../ui/spinner';
import { dayKey, dayLabel } from './chat-dates';
import { MessageBubble } from './message-bubble';
import { type ThreadItem, withDaySeparators } from './thread-items';
import { useDateSettings } from './use-date-settings';
import { useNow } from './use-now';

// Virtuoso keeps the scroll position when older rows are prepended if the index of the first row
// drops by exactly the number of rows added; starting high keeps every index positive.
const FIRST_INDEX = 10_000_000;

interface ListContext {
  loadingOlder: boolean;
  hasOlder: boolean;
}

function ListHeader({ context }: { context?: ListContext }) {
  if (context?.loadingOlder) {
    return (
      <div className="message-list-edge">
        <Spinner size="small" label="Loading earlier messages" />
      </div>
    );
  }
  return context?.hasOlder ? (
    <div className="message-list-edge" />
  ) : (
    <div className="message-list-edge muted small">Start of the conversation</div>
  );
}

const listComponents = { Header: ListHeader };

interface MessageListProps {
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** The signed-in agent: the list follows their own new messages even when scrolled up. */
  myUserId: number | undefined;
}

/** The thread, newest at the bottom; only the rows on screen are rendered, and older pages load on scrolling up. */
export function MessageList({ messages, hasOlder, loadingOlder, loadOlder, myUserId }: MessageListProps) {
  const settings = useDateSettings();
  const now = useNow(60_000);
  const items = useMemo(() => withDaySeparators(messages, (at) => dayKey(at, settings)), [messages, settings]);
  const byWamid = useMemo(() => new Map(messages.flatMap((m) => (m.wamid ? [[m.wamid, m] as const] : []))), [messages]);

  // The first message shown is the anchor: rows before it are the older pages, rows after it are new messages.
  const anchor = useRef<number | null>(null);
  if (anchor.current === null && messages[0]) anchor.current = messages[0].id;
  const anchorIndex = items.findIndex((item) => item.kind === 'message' && item.message.id === anchor.current);
  const firstItemIndex = FIRST_INDEX - Math.max(0, anchorIndex);

  const last = messages.at(-1);
  const lastIsMine = last?.direction === 'outbound' && last.sender?.id === myUserId;
  const followOutput = useCallback((atBottom: boolean) => (atBottom || lastIsMine ? 'smooth' : false), [lastIsMine]);
  const startReached = useCallback(() => {
    if (hasOlder && !loadingOlder) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);
  const context = useMemo(() => ({ loadingOlder, hasOlder }), [loadingOlder, hasOlder]);

  const renderItem = (_: number, item: ThreadItem) =>
    item.kind === 'day' ? (
      <div className="day-separator">
        <span>{dayLabel(item.at, now, settings)}</span>
      </div>
    ) : (
      <MessageBubble
        message={item.message}
        quoted={item.message.content.context ? byWamid.get(item.message.content.context.id) : undefined}
        settings={settings}
      />
    );

  return (
    <Virtuoso
      className="message-list"
      data={items}
      context={context}
      components={listComponents}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      alignToBottom
      followOutput={followOutput}
      startReached={startReached}
      increaseViewportBy={{ top: 800, bottom: 200 }}
      computeItemKey={(_, item) => item.key}
      itemContent={renderItem}
    />
  );
}
