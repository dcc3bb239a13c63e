import { useMutation } from '@tanstack/react-query';
import type { sendMessageBodySchema, sentMessageResponseSchema } from '@wac/contract/chat';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useChatCache } from './chat-cache';

export type SendMessageInput = z.input<typeof sendMessageBodySchema>;
export type SentMessage = z.infer<typeof sentMessageResponseSchema>;

export function sendMessage(input: SendMessageInput): Promise<SentMessage> {
  return apiRequest<SentMessage>('/api/agent/message', { method: 'POST', body: input });
}

export function useSendMessage() {
  const cache = useChatCache();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: ({ message }, input) => cache.addMessage(message, input.recipientPhone, input.from),
  });
}
