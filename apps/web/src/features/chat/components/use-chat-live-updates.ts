import { sentimentEventNames } from '@wac/contract/sentiment';
import { whatsappEventNames } from '@wac/contract/whatsapp-events';
import { contactAddress } from '@wac/contract/whatsapp-user-id';
import { useSocketEvent } from '../../../lib/socket';
import { useChatCache } from '../api/chat-cache';

/** Keeps the conversation list and open threads in step with the server without reloading them. */
export function useChatLiveUpdates(): void {
  const cache = useChatCache();
  useSocketEvent(whatsappEventNames.messageReceived, (event) => cache.addMessage(event.message, contactAddress(event.from)));
  useSocketEvent(whatsappEventNames.conversationUpdated, (event) => cache.addConversation(event.conversation));
  useSocketEvent(whatsappEventNames.agentMessageSent, (event) => cache.addMessage(event.message));
  // The server emits every status as both message_status_update and message_status, with one payload: one is enough.
  useSocketEvent(whatsappEventNames.messageStatusUpdate, (event) => cache.applyStatus(event));
  useSocketEvent(whatsappEventNames.mediaProcessed, (event) => cache.applyMedia(event));
  useSocketEvent(whatsappEventNames.sessionUpdate, (session) => cache.applySession(session));
  useSocketEvent(whatsappEventNames.conversationRead, (event) => cache.applyRead(event.conversationId, event.unreadCount));
  useSocketEvent(whatsappEventNames.contactOptOut, (event) => cache.applyOptOut(event));
  useSocketEvent(sentimentEventNames.messageSentiment, (event) => cache.applySentiments(event));
}
