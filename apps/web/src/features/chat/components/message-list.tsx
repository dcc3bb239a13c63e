import type { ChatMessage } from '@wac/contract/chat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ListRange, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { Spinner } from '../../../ui/spinner';
import { dayKey, dayLabel } from './chat-dates';
import { MessageBubble } from './message-bubble';
import { type ThreadItem, withDaySeparators } from './thread-items';
import { useDateSettings } from './use-date-settings';
import { useNow } from './use-now';

// Virtuoso keeps the scroll position when older rows are prepended if the index of the first row
// drops by exactly the number of rows added; starting high keeps every index positive.
const FIRST_INDEX = 10_000_000;
const PREFETCH_ROWS = 15;
const BOTTOM_SLACK_PX = 48;

interface ListContext {
  loadingOlder: boolean;
}

// Always the same height, so the spinner appearing does not push the messages down.
function ListHeader({ context }: { context?: ListContext }) {
  return <div className="message-list-edge">{context?.loadingOlder && <Spinner size="small" label="Loading earlier messages" />}</div>;
}

const listComponents = { Header: ListHeader };

/**
 * Whether the reader is at the newest message, judged on their own scrolling only: a row growing
 * under them moves the bottom away without them having left it.
 */
function usePinnedToBottom() {
  const atBottom = useRef(true);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!scroller) return;
    const onScroll = () => {
      atBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < BOTTOM_SLACK_PX;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scroller]);
  const setScrollerElement = useCallback((el: HTMLElement | Window | null) => setScroller(el instanceof HTMLElement ? el : null), []);
  return useMemo(() => ({ atBottom, setScroller: setScrollerElement }), [setScrollerElement]);
}

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
  // Every new page regroups the whole thread; each timestamp's day is worked out only once.
  const dayOf = useMemo(() => {
    const days = new Map<string, string>();
    return (at: string) => {
      let day = days.get(at);
      if (day === undefined) {
        day = dayKey(at, settings);
        days.set(at, day);
      }
      return day;
    };
  }, [settings]);
  const items = useMemo(() => withDaySeparators(messages, dayOf, !hasOlder), [messages, dayOf, hasOlder]);
  const byWamid = useMemo(() => new Map(messages.flatMap((m) => (m.wamid ? [[m.wamid, m] as const] : []))), [messages]);

  // The first message shown is the anchor: rows before it are the older pages, rows after it are new messages.
  const anchor = useRef<number | null>(null);
  if (anchor.current === null && messages[0]) anchor.current = messages[0].id;
  const anchorIndex = items.findIndex((item) => item.kind === 'message' && item.message.id === anchor.current);
  const firstItemIndex = FIRST_INDEX - Math.max(0, anchorIndex);

  const last = messages.at(-1);
  const lastIsMine = last?.direction === 'outbound' && last.sender?.id === myUserId;
  const list = useRef<VirtuosoHandle>(null);
  const pinned = usePinnedToBottom();
  const followOutput = useCallback(
    (atBottom: boolean) => (atBottom || pinned.atBottom.current || lastIsMine ? 'auto' : false),
    [lastIsMine, pinned],
  );
  // A row that grows (a picture swapped in when its download finishes) keeps the newest message in view.
  const heightChanged = useCallback(() => {
    if (pinned.atBottom.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [pinned]);
  const startReached = useCallback(() => {
    if (hasOlder && !loadingOlder) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);
  // Older messages are asked for a few rows before the top, so scrolling up rarely waits. (Rendering
  // extra rows above with increaseViewportBy instead makes Virtuoso lose the position on prepend.)
  const rangeChanged = useCallback(
    (range: ListRange) => {
      if (range.startIndex - firstItemIndex < PREFETCH_ROWS) startReached();
    },
    [firstItemIndex, startReached],
  );
  const context = useMemo(() => ({ loadingOlder }), [loadingOlder]);

  const renderItem = (_: number, item: ThreadItem) =>
    item.kind === 'start' ? (
      <div className="message-list-edge muted small">Start of the conversation</div>
    ) : item.kind === 'day' ? (
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
      ref={list}
      scrollerRef={pinned.setScroller}
      className="message-list"
      data={items}
      context={context}
      components={listComponents}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      alignToBottom
      followOutput={followOutput}
      totalListHeightChanged={heightChanged}
      startReached={startReached}
      rangeChanged={rangeChanged}
      computeItemKey={(_, item) => item.key}
      itemContent={renderItem}
    />
  );
}
