import type { ChatMessage } from '@wac/contract/chat';

export type ThreadItem =
  | { kind: 'start'; key: 'start' }
  | { kind: 'day'; key: string; at: string }
  | { kind: 'message'; key: string; message: ChatMessage };

/**
 * The rows of a thread: each message, with a separator before the first message of every day,
 * and a 'start' row on top once the very first message is loaded.
 */
export function withDaySeparators(messages: readonly ChatMessage[], dayOf: (timestamp: string) => string, atStart = false): ThreadItem[] {
  const items: ThreadItem[] = atStart && messages.length > 0 ? [{ kind: 'start', key: 'start' }] : [];
  let previousDay: string | null = null;
  for (const message of messages) {
    const day = dayOf(message.timestamp);
    if (day !== previousDay) {
      items.push({ kind: 'day', key: `day-${day}`, at: message.timestamp });
      previousDay = day;
    }
    items.push({ kind: 'message', key: `message-${message.id}`, message });
  }
  return items;
}
