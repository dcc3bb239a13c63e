import { describe, expect, it } from 'vitest';
import { notificationChunks, type Realtime, type RealtimeEmit } from './realtime.ts';

// Only sizes and order matter here: a real event, padded.
const emit = (n: number, bytes: number) =>
  ({ event: 'conversation_read', payload: { conversationId: n, unreadCount: 0, pad: 'x'.repeat(bytes) } }) as RealtimeEmit;

describe('notificationChunks', () => {
  it('keeps the order and cuts runs that each fit the limit; a bigger event travels alone', () => {
    const emits = [emit(0, 300), emit(1, 300), emit(2, 300), emit(3, 2000), emit(4, 10)];
    const chunks = notificationChunks(emits, 1000);
    expect(chunks.map((c) => c.map((e) => (e.payload as { conversationId: number }).conversationId))).toEqual([[0, 1], [2], [3], [4]]);
    expect(chunks.flat()).toEqual(emits);
  });

  it('sends nothing for no events', () => {
    expect(notificationChunks([])).toEqual([]);
  });
});

describe('the typed realtime methods', () => {
  it('refuse an event with the wrong payload at compile time', () => {
    // Compiled, never called: the check is `npm run typecheck`.
    const send = (realtime: Realtime) => {
      realtime.toEveryone('conversation_read', { conversationId: 1, unreadCount: 0 });
      // @ts-expect-error a conversation_read payload needs its conversation and count
      realtime.toEveryone('conversation_read', { unreadCount: 1 });
      // @ts-expect-error not an event the console listens to
      realtime.toAdmins('no_such_event', {});
    };
    expect(send).toBeTypeOf('function');
  });
});
