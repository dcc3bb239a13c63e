import { type ConversationSummary, serviceWindowExpiresAt } from '@wac/contract/chat';

const MINUTE_MS = 60_000;

type WindowFields = Pick<ConversationSummary, 'lastInboundAt' | 'windowExpiresAt'>;

/** When the customer service window closes; null when the customer never wrote. */
export function windowExpiry(conversation: WindowFields | null): Date | null {
  if (!conversation) return null;
  return conversation.windowExpiresAt ? new Date(conversation.windowExpiresAt) : serviceWindowExpiresAt(conversation.lastInboundAt);
}

/** Free-form messages can go out only while the window is open (Meta refuses them otherwise). */
export function isWindowOpen(expiry: Date | null, now: Date): boolean {
  return expiry !== null && expiry.getTime() > now.getTime();
}

/** 'Window closes in 5h 12m', 'Window closes in 8m', 'Window closes in less than a minute'. */
export function windowCountdownText(expiry: Date, now: Date): string {
  const left = expiry.getTime() - now.getTime();
  if (left < MINUTE_MS) return 'Window closes in less than a minute';
  const minutes = Math.floor(left / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `Window closes in ${hours}h ${minutes % 60}m` : `Window closes in ${minutes}m`;
}
