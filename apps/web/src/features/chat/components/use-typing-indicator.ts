import { useCallback, useRef } from 'react';
import { sendTyping } from '../api/typing';

/** How often keystrokes tell the server: it sends the indicator at most every 20 seconds, and it shows for 25. */
export const TYPING_PING_MS = 10_000;

/** Whether a keystroke at `now` tells the server, the last one having told it at `last`. */
export const shouldPing = (last: number | null, now: number) => last === null || now - last >= TYPING_PING_MS;

/** A callback for each keystroke in the composer: the customer sees "typing…" while the agent writes. */
export function useTypingIndicator(conversationId: number): () => void {
  const last = useRef<number | null>(null);
  return useCallback(() => {
    const now = Date.now();
    if (!shouldPing(last.current, now)) return;
    last.current = now;
    // A courtesy: a refusal (a colleague holds it) or a failure changes nothing on screen.
    sendTyping(conversationId).catch(() => undefined);
  }, [conversationId]);
}
