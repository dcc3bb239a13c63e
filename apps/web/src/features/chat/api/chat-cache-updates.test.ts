import { describe, expect, it } from 'vitest';
import { conversation, conversationsData, historyData, message, outbound } from '../chat-test-fixtures';
import {
  markInboundRead,
  mergeMessage,
  moveConversationToTop,
  nextStatus,
  patchConversation,
  putConversationOnTop,
  upsertMessage,
  withLastMessageStatus,
  withMedia,
  withMessageInList,
  withNewMessage,
  withSentiments,
  withSession,
  withStatus,
} from './chat-cache-updates';
import { flattenHistory } from './chat-history';
import { flattenConversations } from './list-conversations';

const statusEvent = (messageId: number, status: 'sent' | 'delivered' | 'read' | 'failed' | 'pending', over = {}) => ({
  messageId,
  wamid: `wamid.${messageId}`,
  conversationId: 1,
  status,
  timestamp: '2025-06-01T12:00:00.000Z',
  error: null,
  ...over,
});

describe('statuses', () => {
  it('only move forward, except a retry taking a failed message back to pending', () => {
    expect(nextStatus('sent', 'delivered')).toBe('delivered');
    expect(nextStatus('read', 'delivered')).toBe('read');
    expect(nextStatus('delivered', 'sent')).toBe('delivered');
    expect(nextStatus('failed', 'pending')).toBe('pending');
    expect(nextStatus('sent', 'pending')).toBe('sent');
  });

  it('keep the further copy of a message whichever of answer and event comes first', () => {
    const read = outbound(1, { status: 'read', readAt: '2025-06-01T12:00:00.000Z' });
    const answer = outbound(1, { status: 'sent' });
    expect(mergeMessage(read, answer).status).toBe('read');
    expect(mergeMessage(read, answer).readAt).toBe('2025-06-01T12:00:00.000Z');
    expect(mergeMessage(answer, read)).toEqual(read);
  });

  it('take a failed message back to pending only for a real retry, which starts over', () => {
    const error = { code: 131047, title: 'Re-engagement', details: null };
    const failed = outbound(20, { status: 'failed', sentAt: '2025-06-02T12:00:00.000Z', failedAt: '2025-06-02T12:00:01.000Z', error });
    // A pending copy of the same attempt (the send answer or event arriving late) is stale.
    expect(mergeMessage(failed, outbound(20, { status: 'pending' }))).toMatchObject({ status: 'failed', failedAt: failed.failedAt, error });
    const retry = outbound(20, { status: 'pending', retryCount: 1 });
    const retried = mergeMessage(failed, retry);
    expect(retried).toMatchObject({ status: 'pending', sentAt: null, failedAt: null, error: null, retryCount: 1 });
    // The first attempt's copy arriving after the retry changes nothing.
    expect(mergeMessage(retried, failed)).toBe(retried);
  });

  it('move a tick with its time, record the error of a failure and clear it on retry', () => {
    const sent = outbound(1);
    const delivered = withStatus(sent, statusEvent(1, 'delivered'));
    expect(delivered.status).toBe('delivered');
    expect(delivered.deliveredAt).toBe('2025-06-01T12:00:00.000Z');
    expect(withStatus(delivered, statusEvent(1, 'sent'))).toBe(delivered);

    const error = { code: 131026, title: 'Message undeliverable', details: null };
    const failed = withStatus(sent, statusEvent(1, 'failed', { error }));
    expect(failed.error).toEqual(error);
    const retried = withStatus(failed, statusEvent(1, 'pending'));
    expect(retried.status).toBe('pending');
    expect(retried.error).toBeNull();
  });
});

describe('conversation lists', () => {
  const a = conversation(1);
  const b = conversation(2);
  const c = conversation(3);

  it('count a new customer message as unread and reopen the 24-hour window', () => {
    const incoming = message(9, { timestamp: '2025-06-02T08:00:00.000Z', content: { text: 'Hello there' } });
    const updated = withNewMessage(a, incoming);
    expect(updated.unreadCount).toBe(1);
    expect(updated.lastMessage).toMatchObject({ id: 9, preview: 'Hello there', direction: 'inbound' });
    expect(updated.lastInboundAt).toBe('2025-06-02T08:00:00.000Z');
    expect(updated.windowExpiresAt).toBe('2025-06-03T08:00:00.000Z');
    // The same event twice changes nothing.
    expect(withNewMessage(updated, incoming)).toBe(updated);
  });

  it('count a customer message that arrives after a newer one, and keep the newer one as the preview', () => {
    const later = conversation(1, { lastMessageAt: '2025-06-02T12:00:05.000Z', lastInboundAt: '2025-06-01T10:00:00.000Z' });
    const late = withNewMessage(later, message(50, { timestamp: '2025-06-02T12:00:04.000Z' }));
    expect(late).toMatchObject({
      unreadCount: 1,
      lastInboundAt: '2025-06-02T12:00:04.000Z',
      windowExpiresAt: '2025-06-03T12:00:04.000Z',
      lastMessageAt: '2025-06-02T12:00:05.000Z',
      lastMessage: null,
    });
    // The window only moves forward, and an agent's older message changes nothing.
    const older = withNewMessage(late, message(49, { timestamp: '2025-06-02T11:00:00.000Z' }));
    expect(older).toMatchObject({ unreadCount: 2, lastInboundAt: '2025-06-02T12:00:04.000Z' });
    expect(withNewMessage(late, outbound(48, { timestamp: '2025-06-02T11:00:00.000Z' }))).toBe(late);
  });

  it('move a conversation to the top for its newest message only', () => {
    const data = conversationsData([a, b]);
    const newest = withMessageInList(data, message(9, { conversationId: 2, timestamp: '2025-06-02T08:00:00.000Z' }));
    expect(newest?.pages[0]?.conversations.map((x) => x.id)).toEqual([2, 1]);
    const older = withMessageInList(data, message(8, { conversationId: 2, timestamp: '2025-06-01T08:00:00.000Z' }));
    expect(older?.pages[0]?.conversations.map((x) => [x.id, x.unreadCount])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(withMessageInList(data, message(7, { conversationId: 99 }))).toBeUndefined();
  });

  it('do not count an agent’s own message as unread', () => {
    const updated = withNewMessage(a, outbound(9, { timestamp: '2025-06-02T08:00:00.000Z' }));
    expect(updated.unreadCount).toBe(0);
    expect(updated.lastInboundAt).toBeNull();
  });

  it('never take the preview’s tick back when another copy of the same message arrives', () => {
    const preview = (status: 'pending' | 'delivered') => ({
      id: 12,
      direction: 'outbound' as const,
      type: 'text' as const,
      preview: 'hi',
      status,
      timestamp: '2025-06-02T12:00:00.000Z',
    });
    const delivered = conversation(1, { lastMessage: preview('delivered') });
    expect(withNewMessage(delivered, outbound(12, { status: 'pending' }))).toBe(delivered);
    const pending = conversation(1, { lastMessage: preview('pending') });
    expect(withNewMessage(pending, outbound(12, { status: 'delivered' })).lastMessage?.status).toBe('delivered');
  });

  it('move the conversation to the top of the first page, from whichever page it was on', () => {
    const data = conversationsData([a, b], [c]);
    const moved = moveConversationToTop(data, 3, (x) => ({ ...x, unreadCount: 4 }));
    expect(moved?.pages.map((p) => p.conversations.map((x) => x.id))).toEqual([[3, 1, 2], []]);
    expect(flattenConversations(moved?.pages)[0]?.unreadCount).toBe(4);
    expect(moveConversationToTop(data, 99, (x) => x)).toBeUndefined();
  });

  it('put a conversation not loaded yet on top, and show a conversation on two pages once', () => {
    const data = conversationsData([a, b]);
    const added = putConversationOnTop(data, c);
    expect(flattenConversations(added.pages).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(added.pages[0]?.pagination.total).toBe(3);
    expect(flattenConversations(conversationsData([a, b], [b, c]).pages).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('change the holder and the last tick in place', () => {
    const data = conversationsData([a, { ...b, lastMessage: { ...outbound(5), preview: 'hi' } }]);
    const session = {
      conversationId: 1,
      phone: a.contact.phone,
      state: 'agent' as const,
      userId: 7,
      username: 'amy',
      reason: 'agent_takeover',
      changedAt: null,
    };
    const taken = patchConversation(data, 1, (x) => withSession(x, session));
    expect(taken.pages[0]?.conversations[0]?.session).toMatchObject({ state: 'agent', username: 'amy' });
    expect(taken.pages[0]?.conversations.map((x) => x.id)).toEqual([1, 2]);
    const delivered = patchConversation(data, 2, (x) => withLastMessageStatus(x, statusEvent(5, 'delivered')));
    expect(delivered.pages[0]?.conversations[1]?.lastMessage?.status).toBe('delivered');
    expect(patchConversation(data, 2, (x) => withLastMessageStatus(x, statusEvent(4, 'read')))).toBe(data);
  });
});

describe('history', () => {
  const summary = conversation(1);

  it('lists the pages oldest first and skips the overlap offset pages get when messages arrive meanwhile', () => {
    const data = historyData(summary, [message(4), message(5), message(6)], [message(2), message(3), message(4)]);
    expect(flattenHistory(data.pages).map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it('appends a new message at the newest end, and merges one it already holds', () => {
    const data = historyData(summary, [message(4), outbound(5)], [message(3)]);
    const appended = upsertMessage(data, message(6));
    expect(flattenHistory(appended.pages).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    const merged = upsertMessage(appended, outbound(5, { status: 'delivered' }));
    expect(flattenHistory(merged.pages).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(flattenHistory(merged.pages)[2]?.status).toBe('delivered');
  });

  it('puts a live message that is older than the newest shown where the server would', () => {
    const data = historyData(summary, [message(10), outbound(12, { timestamp: '2025-06-02T12:00:05.000Z' })]);
    const late = upsertMessage(data, message(13, { timestamp: '2025-06-02T12:00:04.000Z' }));
    expect(flattenHistory(late.pages).map((m) => m.id)).toEqual([10, 13, 12]);
    // The same time: the higher id comes later.
    const tie = upsertMessage(late, message(11, { timestamp: '2025-06-02T12:00:05.000Z' }));
    expect(flattenHistory(tie.pages).map((m) => m.id)).toEqual([10, 13, 11, 12]);
  });

  it('swaps in the downloaded media', () => {
    const data = historyData(summary, [message(4, { type: 'image' })]);
    const media = {
      id: 1,
      kind: 'image' as const,
      status: 'ready' as const,
      mimeType: 'image/png',
      fileSize: 10,
      filename: null,
      sha256: null,
      url: '/f/1',
      removedAt: null,
    };
    expect(withMedia(data.pages[0]?.messages[0] ?? message(0), media).media?.url).toBe('/f/1');
  });

  it('puts the marks of scored or corrected texts on the messages loaded, and keeps a mark when an older copy arrives', () => {
    const data = historyData(summary, [message(1), message(2), outbound(3)]);
    const negative = { label: 'negative', score: -0.6, corrected: false } as const;
    const next = withSentiments(data, {
      conversationId: 1,
      messages: [
        { messageId: 2, sentiment: negative },
        { messageId: 99, sentiment: negative },
      ],
    });
    expect(flattenHistory(next.pages).map((m) => m.sentiment)).toEqual([null, negative, null]);
    expect(withSentiments(next, { conversationId: 1, messages: [{ messageId: 99, sentiment: negative }] })).toBe(next);
    const unscoredCopy = message(2);
    expect(mergeMessage({ ...unscoredCopy, sentiment: negative }, unscoredCopy).sentiment).toEqual(negative);
  });

  it('marks the customer messages an agent has seen as read, and leaves the rest', () => {
    const data = historyData(summary, [message(4), message(5), outbound(6)]);
    const some = markInboundRead(data, new Set([4]));
    expect(flattenHistory(some.pages).map((m) => m.status)).toEqual(['read', 'received', 'sent']);
    const all = markInboundRead(data, 'all');
    expect(flattenHistory(all.pages).map((m) => m.status)).toEqual(['read', 'read', 'sent']);
    expect(markInboundRead(all, 'all')).toBe(all);
  });
});
