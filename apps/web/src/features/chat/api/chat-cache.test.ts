import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { conversation, conversationsData, historyData, message, outbound } from '../chat-test-fixtures';
import { chatCache } from './chat-cache';
import type { ConversationsData, HistoryData } from './chat-cache-updates';
import { type ChatHistoryPage, flattenHistory, historyQueryKey } from './chat-history';
import { conversationsQueryKey, flattenConversations } from './list-conversations';

function setUp() {
  const client = new QueryClient();
  const a = conversation(1);
  const b = conversation(2, { unreadCount: 2 });
  const listKey = [...conversationsQueryKey, { search: '' }];
  const searchKey = [...conversationsQueryKey, { search: 'zoe' }];
  client.setQueryData(listKey, conversationsData([b, a]));
  client.setQueryData(searchKey, conversationsData([b]));
  client.setQueryData(historyQueryKey(a.contact.phone), historyData(a, [message(10), outbound(11)]));
  client.setQueryData(historyQueryKey(b.contact.phone), historyData(b, [message(20, { conversationId: 2 })]));
  const list = () => client.getQueryData<ConversationsData>(listKey);
  const history = (phone: string) => flattenHistory(client.getQueryData<HistoryData>(historyQueryKey(phone))?.pages);
  return { client, cache: chatCache(client), a, b, list, history, searchKey };
}

describe('chatCache', () => {
  it('appends a customer message to its open thread and moves its conversation to the top with one more unread', () => {
    const { cache, a, b, list, history, client, searchKey } = setUp();
    cache.addMessage(message(12, { timestamp: '2025-06-02T09:00:00.000Z', content: { text: 'Any news?' } }), a.contact.phone);
    expect(history(a.contact.phone).map((m) => m.id)).toEqual([10, 11, 12]);
    expect(history(b.contact.phone).map((m) => m.id)).toEqual([20]);
    const rows = flattenConversations(list()?.pages);
    expect(rows.map((c) => c.id)).toEqual([1, 2]);
    expect(rows[0]).toMatchObject({ unreadCount: 1, lastMessage: { preview: 'Any news?' } });
    // A search the conversation is not in is asked again rather than guessed.
    expect(client.getQueryState(searchKey)?.isInvalidated).toBe(true);
  });

  it('reopens the open thread’s 24-hour window when the customer writes again, as in the list', () => {
    const { client, cache, list } = setUp();
    const closed = conversation(3, {
      lastInboundAt: '2025-06-01T10:00:00.000Z',
      windowExpiresAt: '2025-06-02T10:00:00.000Z',
      lastMessageAt: '2025-06-01T10:00:00.000Z',
    });
    client.setQueryData(historyQueryKey(closed.contact.phone), historyData(closed, [message(30, { conversationId: 3 })]));
    client.setQueryData([...conversationsQueryKey, { search: '' }], conversationsData([closed]));
    cache.addMessage(message(31, { conversationId: 3, timestamp: '2025-06-02T11:59:00.000Z' }), closed.contact.phone);
    const reopened = { lastInboundAt: '2025-06-02T11:59:00.000Z', windowExpiresAt: '2025-06-03T11:59:00.000Z' };
    const thread = client.getQueryData<HistoryData>(historyQueryKey(closed.contact.phone))?.pages[0]?.conversation;
    expect(thread).toMatchObject(reopened);
    expect(flattenConversations(list()?.pages)[0]).toMatchObject(reopened);
    // An agent's own message leaves the window where the customer left it.
    cache.addMessage(outbound(32, { conversationId: 3, timestamp: '2025-06-02T12:30:00.000Z' }), closed.contact.phone);
    expect(client.getQueryData<HistoryData>(historyQueryKey(closed.contact.phone))?.pages[0]?.conversation).toMatchObject(reopened);
  });

  it('fetches a thread again when an event lands while an older snapshot of it is on its way', async () => {
    const client = new QueryClient();
    const a = conversation(1);
    const key = historyQueryKey(a.contact.phone);
    client.setQueryData(key, historyData(a, [message(10)]));
    const answers: ((page: ChatHistoryPage) => void)[] = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn: () => new Promise<ChatHistoryPage>((resolve) => answers.push(resolve)),
      initialPageParam: 1,
      getNextPageParam: () => undefined,
    });
    const stop = observer.subscribe(() => {});
    expect(answers).toHaveLength(1);
    chatCache(client).addMessage(message(11), a.contact.phone);
    const ids = () => flattenHistory(client.getQueryData<HistoryData>(key)?.pages).map((m) => m.id);
    expect(ids()).toEqual([10, 11]);
    expect(answers).toHaveLength(2);
    // The snapshot taken before message 11 existed answers last-but-one and is dropped.
    answers[0]?.(historyData(a, [message(10)]).pages[0] as ChatHistoryPage);
    await new Promise((settled) => setTimeout(settled, 0));
    expect(ids()).toEqual([10, 11]);
    answers[1]?.(historyData(a, [message(10), message(11)]).pages[0] as ChatHistoryPage);
    await vi.waitFor(() => expect(client.isFetching({ queryKey: key })).toBe(0));
    expect(ids()).toEqual([10, 11]);
    stop();
  });

  it('puts a conversation the business opened on top of the lists, asks searches again and loads a thread waiting for it', () => {
    const { client, cache, list, searchKey, a } = setUp();
    const opened = conversation(3, { lastMessage: { ...outbound(30, { conversationId: 3 }), preview: 'Your order shipped' } });
    const waiting = historyQueryKey(opened.contact.phone);
    client.setQueryData(waiting, historyData(null, []));
    cache.addConversation(opened);
    expect(flattenConversations(list()?.pages).map((c) => c.id)).toEqual([3, 2, 1]);
    expect(client.getQueryState(searchKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(waiting)?.isInvalidated).toBe(true);
    // One the list holds is left where it is: the message that follows moves it.
    cache.addConversation({ ...a, unreadCount: 5 });
    expect(flattenConversations(list()?.pages).map((c) => [c.id, c.unreadCount])).toEqual([
      [3, 0],
      [2, 2],
      [1, 0],
    ]);
  });

  it('moves ticks in the thread and the list, and ignores statuses of messages it does not hold', () => {
    const { cache, a, history } = setUp();
    const found = cache.applyStatus({
      messageId: 11,
      wamid: 'wamid.11',
      conversationId: 1,
      status: 'read',
      timestamp: '2025-06-02T09:00:00.000Z',
      error: null,
    });
    expect(found).toBe(true);
    expect(history(a.contact.phone).find((m) => m.id === 11)?.status).toBe('read');
    expect(
      cache.applyStatus({
        messageId: 3,
        wamid: 'w',
        conversationId: 1,
        status: 'read',
        timestamp: '2025-06-02T09:00:00.000Z',
        error: null,
      }),
    ).toBe(false);
  });

  it('follows the server’s unread count and the session holder everywhere', () => {
    const { cache, b, list, history, client, searchKey } = setUp();
    cache.applyRead(2, 0);
    expect(flattenConversations(list()?.pages).find((c) => c.id === 2)?.unreadCount).toBe(0);
    expect(flattenConversations(client.getQueryData<ConversationsData>(searchKey)?.pages)[0]?.unreadCount).toBe(0);
    expect(history(b.contact.phone)[0]?.status).toBe('read');

    cache.applySession({
      conversationId: 2,
      phone: b.contact.phone,
      state: 'ended',
      userId: null,
      username: null,
      reason: 'agent_ended',
      changedAt: null,
    });
    expect(flattenConversations(list()?.pages).find((c) => c.id === 2)?.session.state).toBe('ended');
    expect(client.getQueryData<HistoryData>(historyQueryKey(b.contact.phone))?.pages[0]?.conversation?.session.state).toBe('ended');
  });

  it("shows a customer's opt-out, and their opt-in, in their open thread only", () => {
    const { cache, a, b, client } = setUp();
    const optedOut = (phone: string) => client.getQueryData<HistoryData>(historyQueryKey(phone))?.pages[0]?.conversation?.optedOut;
    cache.applyOptOut({ phone: b.contact.phone, optedOut: true });
    expect(optedOut(b.contact.phone)).toBe(true);
    expect(optedOut(a.contact.phone)).toBe(false);
    cache.applyOptOut({ phone: b.contact.phone, optedOut: false });
    expect(optedOut(b.contact.phone)).toBe(false);
  });

  it('keeps the furthest status when the answer to a send arrives after its status events', () => {
    const { cache, a, history, list } = setUp();
    cache.addMessage(outbound(13, { status: 'pending', timestamp: '2025-06-02T09:00:00.000Z' }));
    cache.applyStatus({
      messageId: 13,
      wamid: 'wamid.13',
      conversationId: 1,
      status: 'delivered',
      timestamp: '2025-06-02T09:00:01.000Z',
      error: null,
    });
    cache.addMessage(outbound(13, { status: 'sent', timestamp: '2025-06-02T09:00:00.000Z' }));
    expect(history(a.contact.phone).at(-1)).toMatchObject({ id: 13, status: 'delivered' });
    expect(flattenConversations(list()?.pages)[0]?.lastMessage).toMatchObject({ id: 13, status: 'delivered' });
  });

  it('shows the thread’s further tick in the list when a status beat the message it belongs to', () => {
    const { client, cache, a, list } = setUp();
    // The status made the thread load again, and that load already holds the message as sent.
    client.setQueryData(historyQueryKey(a.contact.phone), historyData(a, [message(10), outbound(13, { status: 'sent' })]));
    cache.addMessage(outbound(13, { status: 'pending', timestamp: '2025-06-02T09:00:00.000Z' }));
    expect(flattenConversations(list()?.pages)[0]?.lastMessage).toMatchObject({ id: 13, status: 'sent' });
  });

  describe('with a customer on two business numbers', () => {
    const SECOND = '100000000000002';
    function twoNumbers() {
      const client = new QueryClient();
      const onFirst = conversation(1);
      const onSecond = { ...conversation(2, { phoneNumberId: SECOND }), contact: onFirst.contact };
      const phone = onFirst.contact.phone;
      const allKey = [...conversationsQueryKey, { search: '' }];
      const secondKey = [...conversationsQueryKey, { search: '', phoneNumberId: SECOND }];
      client.setQueryData(allKey, conversationsData([onFirst]));
      client.setQueryData(secondKey, conversationsData([]));
      client.setQueryData(historyQueryKey(phone, '100000000000001'), historyData(onFirst, [message(10)]));
      client.setQueryData(historyQueryKey(phone, SECOND), historyData(onSecond, [message(20, { conversationId: 2 })]));
      const ids = (key: readonly unknown[]) => flattenConversations(client.getQueryData<ConversationsData>(key)?.pages).map((c) => c.id);
      const thread = (number: string) => flattenHistory(client.getQueryData<HistoryData>(historyQueryKey(phone, number))?.pages);
      return { client, cache: chatCache(client), onFirst, onSecond, phone, allKey, secondKey, ids, thread };
    }

    it('keeps the two threads apart: each message joins the conversation it belongs to', () => {
      const { cache, phone, thread } = twoNumbers();
      cache.addMessage(message(21, { conversationId: 2, timestamp: '2025-06-02T09:00:00.000Z' }), phone);
      cache.addMessage(outbound(11, { conversationId: 1, timestamp: '2025-06-02T09:01:00.000Z' }), phone, '100000000000001');
      expect(thread(SECOND).map((m) => m.id)).toEqual([20, 21]);
      expect(thread('100000000000001').map((m) => m.id)).toEqual([10, 11]);
    });

    it('puts a conversation only on the lists of its number', () => {
      const { cache, onSecond, allKey, secondKey, ids, client } = twoNumbers();
      cache.addConversation(onSecond);
      expect(ids(allKey)).toEqual([2, 1]);
      expect(ids(secondKey)).toEqual([2]);
      cache.addConversation(conversation(3));
      expect(ids(allKey)).toEqual([3, 2, 1]);
      expect(ids(secondKey)).toEqual([2]);
      // The second number's list is not asked again for a message of the first number's conversation it rightly lacks.
      cache.addMessage(message(12, { conversationId: 1, timestamp: '2025-06-03T09:00:00.000Z' }));
      expect(client.getQueryState(secondKey)?.isInvalidated).toBe(false);
      expect(ids(allKey)).toEqual([1, 3, 2]);
    });

    it('loads a thread opened for the customer before they wrote only when the conversation is on its number', () => {
      const { client, cache, onSecond, phone } = twoNumbers();
      const waitingOnSecond = historyQueryKey(phone, SECOND);
      const waitingOnFirst = historyQueryKey(phone, '100000000000001');
      client.setQueryData(waitingOnSecond, historyData(null, []));
      client.setQueryData(waitingOnFirst, historyData(null, []));
      cache.addConversation(onSecond);
      expect(client.getQueryState(waitingOnSecond)?.isInvalidated).toBe(true);
      expect(client.getQueryState(waitingOnFirst)?.isInvalidated).toBe(false);
    });
  });
});
