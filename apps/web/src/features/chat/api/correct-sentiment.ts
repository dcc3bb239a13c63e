import { useMutation } from '@tanstack/react-query';
import type { CorrectedSentimentResponse, SentimentLabel } from '@wac/contract/sentiment';
import { apiRequest } from '../../../lib/api-client';
import { useChatCache } from './chat-cache';

export function correctSentiment(messageId: number, label: SentimentLabel): Promise<CorrectedSentimentResponse> {
  return apiRequest<CorrectedSentimentResponse>(`/api/agent/messages/${messageId}/sentiment`, { method: 'PUT', body: { label } });
}

/** A person's label for a customer's text; the thread shows it at once (every other console hears it live). */
export function useCorrectSentiment() {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ messageId, label }: { messageId: number; label: SentimentLabel }) => correctSentiment(messageId, label),
    onSuccess: ({ messageId, conversationId, sentiment }) =>
      cache.applySentiments({ conversationId, messages: [{ messageId, sentiment }] }),
  });
}
