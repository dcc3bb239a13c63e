import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useChatCache } from './chat-cache';
import type { SentMessage } from './send-message';

export function retryMessage(messageId: number): Promise<SentMessage> {
  return apiRequest<SentMessage>(`/api/retry-message/${messageId}`, { method: 'POST' });
}

export function useRetryMessage() {
  const cache = useChatCache();
  return useMutation({
    mutationFn: retryMessage,
    onSuccess: ({ message }) => cache.addMessage(message),
  });
}
