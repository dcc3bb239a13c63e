import { useQuery } from '@tanstack/react-query';
import type { SandboxConversation } from '@wac/contract/whatsapp-sandbox';
import { apiRequest } from '../../../lib/api-client';
import { simulatorQueryKey } from './simulator-query-keys';

/**
 * Polled every second while the page is visible (TanStack pauses it in a background tab). The sandbox keeps the
 * conversation in memory, so a poll costs the server next to nothing, and it needs no socket, no extra event type
 * and nothing to re-sync after a reconnect.
 */
export const CONVERSATION_POLL_MS = 1000;

/** The customer's chat with one business number (`number`, a phone-number id; '' for the first). */
export function simulatorConversationKey(phone: string | null, number = '') {
  return number
    ? ([...simulatorQueryKey, 'conversation', phone, number] as const)
    : ([...simulatorQueryKey, 'conversation', phone] as const);
}

export function useSimulatorConversation(phone: string | null, number = '') {
  return useQuery({
    queryKey: simulatorConversationKey(phone, number),
    queryFn: ({ signal }) =>
      apiRequest<SandboxConversation>('/sandbox/control/conversation', { query: { phone, number: number || undefined }, signal }),
    enabled: phone !== null,
    refetchInterval: CONVERSATION_POLL_MS,
  });
}
