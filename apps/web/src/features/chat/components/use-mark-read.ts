import type { ChatMessage } from '@wac/contract/chat';
import { useEffect, useRef } from 'react';
import { useChatCache } from '../api/chat-cache';
import { isUnreadInbound } from '../api/chat-cache-updates';
import { markMessagesRead } from '../api/mark-read';
import { usePageVisible } from './use-page-visible';

const MAX_IDS_PER_CALL = 500;

/** Marks the open conversation's new customer messages read whenever the tab is in front. */
export function useMarkConversationRead(conversationId: number | undefined, messages: readonly ChatMessage[]): void {
  const cache = useChatCache();
  const visible = usePageVisible();
  const requested = useRef(new Set<number>());

  useEffect(() => {
    if (!visible || conversationId === undefined) return;
    const ids = messages
      .filter((m) => isUnreadInbound(m) && !requested.current.has(m.id))
      .map((m) => m.id)
      .slice(-MAX_IDS_PER_CALL);
    if (ids.length === 0) return;
    for (const id of ids) requested.current.add(id);
    markMessagesRead(ids)
      .then(() => cache.markRead(conversationId, new Set(ids)))
      .catch(() => {
        // Tried again with the next change; the badge simply stays until then.
        for (const id of ids) requested.current.delete(id);
      });
  }, [visible, conversationId, messages, cache]);
}
